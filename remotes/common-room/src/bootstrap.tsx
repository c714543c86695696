import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';

void startStandalone({ name: 'common-room', routes });
