/**
 * Runs the cinema service on its own: `node --import tsx services/cinema/src/main.ts`, through the
 * same composition as the gateway (service kit `runServiceModule`). Without MONGODB_URI it starts
 * the embedded store in-process. What it needs from other services comes from its module's
 * `standalone` hook (see module.ts).
 */
import { runServiceModule } from '@croft/service-kit';
import { cinemaModule } from './module';

runServiceModule(cinemaModule);
