import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { routes } from './routes';
import { NotificationsDemo } from './features/notifications/notifications-demo';
import { NudgesAdminDemo } from './admin/nudges-admin-demo';
import { AnalyticsAdminDemo, LegacyTablesDemo, MemberAnalyticsDemo } from './admin/analytics/analytics-admin-demo';

void startStandalone({ name: 'common-room', routes, demos: { '/notifications/simulated': NotificationsDemo, '/admin/nudges': NudgesAdminDemo, '/admin/analytics': AnalyticsAdminDemo, '/admin/member-analytics': MemberAnalyticsDemo, '/admin/member-analytics-legacy': LegacyTablesDemo } });
