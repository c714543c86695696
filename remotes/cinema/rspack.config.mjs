import { createFederatedConfig } from '../../tools/federation/rspack-config.mjs';

export default createFederatedConfig({
  name: 'cinema',
  projectDir: 'remotes/cinema',
  title: 'Croft Common — cinema (standalone)',
  exposes: { './CinemaBooking': './src/features/cinema-booking/cinema-booking.tsx' },
});
