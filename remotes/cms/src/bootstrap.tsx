import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';
import EditOverlay from './overlay/edit-overlay';

// Standalone, the cms starts in the staff world (sign in with any listed person and the mock
// code; the editing endpoints keep drafts in memory); ?scenario=… picks another.
void startStandalone({
  name: 'cms',
  routes,
  demos: { '/overlay-demo': EditOverlay },
  defaultScenarios: ['identity:staff', 'content:editing'],
});
