import type { Router } from 'express';
import type { Connection } from 'mongoose';
import { MongoRateLimitStore, createAuditLog, systemClock, type AuditLog, type BlobStore, type Clock, type IsActiveSubscriber, type Logger, type TokenVerifier } from '@croft/service-kit';
import { createCardStore } from './data/card-store';
import { loyaltyModels, type LoyaltyModels } from './data/loyalty-models';
import { createLoyalty, type Loyalty } from './domain/loyalty';
import { loyaltyRoutes } from './http/loyalty-routes';

export interface LoyaltyServiceOptions {
  db: Connection;
  logger: Logger;
  clock?: Clock;
  /** Where photos are kept (the composition's BlobStore). */
  blobs: BlobStore;
  /** A signed /blobs URL for a key (the gateway's /blobs route verifies it). */
  signUrl: (key: string, seconds: number) => string;
  /** Live membership (newsletter). */
  isActiveSubscriber: IsActiveSubscriber;
  /** identity's token verifier; without it every route answers 503 not_configured. */
  verifyAccessToken?: TokenVerifier;
  dailyCap: number;
  uploadsPerMinute?: number;
}

export interface LoyaltyService {
  router: Router;
  loyalty: Loyalty;
  models: LoyaltyModels;
  audit: AuditLog;
  /** Builds the indexes (one open card per member, one photo per box, the daily TTL). */
  seed(): Promise<void>;
  close(): Promise<void>;
}

/** The loyalty card service: its collections, the card's work and its endpoints. */
export function createLoyaltyService(options: LoyaltyServiceOptions): LoyaltyService {
  const clock = options.clock ?? systemClock;
  const models = loyaltyModels(options.db);
  const audit = createAuditLog(options.db, 'loyalty', { clock });
  const loyalty = createLoyalty({
    store: createCardStore(models),
    blobs: options.blobs,
    signUrl: options.signUrl,
    isActiveSubscriber: options.isActiveSubscriber,
    audit,
    clock,
    logger: options.logger,
    dailyCap: options.dailyCap,
  });
  const router = loyaltyRoutes({
    loyalty,
    audit,
    verifyAccessToken: options.verifyAccessToken,
    dailyCap: options.dailyCap,
    uploadsPerMinute: options.uploadsPerMinute,
    limitStore: new MongoRateLimitStore(options.db),
  });
  return {
    router,
    loyalty,
    models,
    audit,
    async seed() {
      await Promise.all([models.card.init(), models.entry.init(), models.daily.init()]);
    },
    async close() {},
  };
}
