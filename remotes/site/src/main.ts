// Standalone entry (nx serve site): index → bootstrap so shared singletons resolve first.
void import('./bootstrap');
