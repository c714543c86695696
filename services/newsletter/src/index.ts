export { createNewsletterService } from './newsletter-service';
export type { NewsletterService, NewsletterServiceOptions } from './newsletter-service';
export { newsletterConfigSchema, NEWSLETTER_DEFAULT_PORT } from './config';
export type { NewsletterConfig } from './config';
export { DEFAULT_RATE_LIMITS } from './http/newsletter-routes';
export type { NewsletterRateLimits } from './http/newsletter-routes';
export { SUBSCRIBER_COLLECTION, subscriberModel } from './data/subscriber-model';
export type { Subscriber, SubscriberModel } from './data/subscriber-model';
export { WELCOME_SUBJECT } from './domain/welcome-email';
