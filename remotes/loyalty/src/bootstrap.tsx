import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { LoyaltyCardDemo } from './features/loyalty-card/loyalty-card-demo';

void startStandalone({ name: 'loyalty', routes: {}, demos: { '/': LoyaltyCardDemo } });
