// index → bootstrap: shared singletons (react, router, ui) are negotiated by the federation
// runtime before any of them is imported. The manifest fetch starts in parallel.
import { fetchRemoteManifest } from './app/remote-manifest';

const manifest = fetchRemoteManifest();
void import('./bootstrap').then(({ start }) => start(manifest));
