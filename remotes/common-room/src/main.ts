// Standalone entry (nx serve common-room): index → bootstrap so shared singletons resolve first.
void import('./bootstrap');
