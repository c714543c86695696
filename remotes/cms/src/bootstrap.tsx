import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';
import EditOverlay from './overlay/edit-overlay';
import { CMS_STANDALONE_SCENARIOS } from './standalone-scenarios';

// Standalone, the cms always runs in the staff world (sign in with any listed person and the mock
// code; the editing, FAQ editing, secret words and image endpoints keep their changes in memory);
// ?scenario=… adds a world in front of these (e.g. content:review), it does not replace them.
void startStandalone({
  name: 'cms',
  routes,
  demos: { '/overlay-demo': EditOverlay },
  defaultScenarios: CMS_STANDALONE_SCENARIOS,
});
