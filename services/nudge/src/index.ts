export { nudgeModule } from './module';
export { createNudgeService, NUDGE_KEY_PURPOSE } from './nudge-service';
export type { NudgeServiceInstance, NudgeServiceOptions } from './nudge-service';
export { nudgeConfigSchema, NUDGE_DEFAULT_PORT } from './config';
export type { NudgeConfig } from './config';
export { NUDGE_RETRY_JOB, NUDGE_SEND_JOB } from './domain/nudges';
export { nudgeModels, NUDGE_DELIVERIES_COLLECTION, NUDGE_NUDGES_COLLECTION, NUDGE_SUBSCRIPTIONS_COLLECTION } from './data/nudge-models';
