// Standalone entry (nx serve cinema): index → bootstrap so shared singletons resolve first.
void import('./bootstrap');
