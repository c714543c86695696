/**
 * Runs the analytics service on its own: `node --import tsx services/analytics/src/main.ts`, through
 * the same composition as the gateway. Without MONGODB_URI it starts the embedded store in-process.
 */
import { runServiceModule } from '@croft/service-kit';
import { analyticsModule } from './module';

runServiceModule(analyticsModule);
