// index → bootstrap: shared singletons (react, router, ui) are negotiated by the federation
// runtime before any of them is imported. The manifest fetch starts in parallel.
// Render-blocking CSS for the first paint: tokens, fonts and the navigation that index.html
// already contains, so the page is styled before any JavaScript runs.
import '@croft/ui/global.css';
import './app/top-nav.css';
import { fetchRemoteManifest } from './app/remote-manifest';

const manifest = fetchRemoteManifest();
void import('./bootstrap').then(({ start }) => start(manifest));
