/**
 * Runs the nudge service on its own: `node --import tsx services/nudge/src/main.ts`, through the
 * same composition as the gateway (service kit `runServiceModule`). Without MONGODB_URI it starts
 * the embedded store in-process.
 */
import { runServiceModule } from '@croft/service-kit';
import { nudgeModule } from './module';

runServiceModule(nudgeModule);
