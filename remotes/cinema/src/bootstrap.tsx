import '@croft/ui/global.css';
import { startStandalone } from '@croft/remote-harness';
import { CinemaBookingDemo } from './features/cinema-booking/cinema-booking-demo';
import { CinemaAdminDemo } from './admin/cinema-admin-demo';

void startStandalone({ name: 'cinema', routes: {}, demos: { '/': CinemaBookingDemo, '/admin/cinema': CinemaAdminDemo } });
