export { loyaltyModule } from './module';
export { createLoyaltyService } from './loyalty-service';
export type { LoyaltyService, LoyaltyServiceOptions } from './loyalty-service';
export { loyaltyConfigSchema, LOYALTY_DEFAULT_PORT } from './config';
export type { LoyaltyConfig } from './config';
export { LOYALTY_CARDS_COLLECTION, LOYALTY_DAILY_COLLECTION, LOYALTY_ENTRIES_COLLECTION, loyaltyModels } from './data/loyalty-models';
