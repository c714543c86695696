import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { CinemaBookingDemo } from './features/cinema-booking/cinema-booking-demo';

void startStandalone({ name: 'cinema', routes: {}, demos: { '/': CinemaBookingDemo } });
