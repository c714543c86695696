/**
 * The whole site in one process: `npm start` runs this (through tools/dev/start.ts), and
 * `npm run start:cluster` runs two of it on one database. Without MONGODB_URI the embedded
 * MongoDB-compatible store starts in-process. The services are GATEWAY_MODULES (modules.ts).
 */
import { runComposition } from '@croft/service-kit';
import { gatewayHost } from './host';

runComposition(gatewayHost());
