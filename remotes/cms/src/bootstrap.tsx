import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';
import EditOverlay from './overlay/edit-overlay';

void startStandalone({ name: 'cms', routes, demos: { '/overlay-demo': EditOverlay } });
