import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

registerRemotes([{ name: 'baseline_remote', entry: '/remote/remoteEntry.js' }]);
const App = lazy(() => loadRemote('baseline_remote/App'));
createRoot(document.getElementById('root')).render(createElement(Suspense, { fallback: null }, createElement(App)));
