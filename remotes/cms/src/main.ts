// Standalone entry (nx serve cms): index → bootstrap so shared singletons resolve first.
void import('./bootstrap');
