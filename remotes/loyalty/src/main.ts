// Standalone entry (nx serve loyalty): index → bootstrap so shared singletons resolve first.
void import('./bootstrap');
