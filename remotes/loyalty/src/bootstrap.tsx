import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { LoyaltyCardDemo } from './features/loyalty-card/loyalty-card-demo';
import { LoyaltyAdminDemo } from './admin/loyalty-admin-demo';

void startStandalone({ name: 'loyalty', routes: {}, demos: { '/': LoyaltyCardDemo, '/admin/loyalty': LoyaltyAdminDemo } });
