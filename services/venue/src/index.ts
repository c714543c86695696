export { venueModule } from './module';
export { createVenueService } from './venue-service';
export type { VenueService, VenueServiceOptions } from './venue-service';
export { venueConfigSchema, VENUE_DEFAULT_PORT, DEFAULT_VENUE_EMAIL } from './config';
export type { VenueConfig } from './config';
export { DEFAULT_RATE_LIMITS } from './http/venue-routes';
export type { VenueRateLimits } from './http/venue-routes';
export { DONATION_SEED } from './data/seed-donations';
export type { DonationSeed } from './data/seed-donations';
export { DONATION_COLLECTION, TOTAL_COLLECTION, TOTAL_ID } from './data/donation-model';
export { MESSAGE_COLLECTION } from './data/message-model';
export { BOOKING_COLLECTION } from './data/booking-model';
export { GUEST_ACK_SUBJECT } from './domain/booking-emails';
export {
  BOOKING_KEPT_MONTHS,
  MESSAGE_KEPT_MONTHS,
  RETENTION_SWEEP_INTERVAL_MS,
  UNPUBLISHED_MESSAGE_KEPT_DAYS,
} from './domain/retention';
export type { SweepResult as VenueSweepResult } from './domain/retention';
export {
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BATCH,
  MAIL_RETRY_FIRST_DELAY_MS,
  MAIL_RETRY_INTERVAL_MS,
  MAIL_RETRY_MAX_DELAY_MS,
} from './domain/booking-mail';
export type { MailRetryResult as BookingMailRetryResult } from './domain/booking-mail';
