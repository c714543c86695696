import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';
import { NotificationsDemo } from './features/notifications/notifications-demo';
import { NudgesAdminDemo } from './admin/nudges-admin-demo';

void startStandalone({ name: 'common-room', routes, demos: { '/notifications/simulated': NotificationsDemo, '/admin/nudges': NudgesAdminDemo } });
