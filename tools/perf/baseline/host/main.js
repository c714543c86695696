import('./bootstrap.js');
