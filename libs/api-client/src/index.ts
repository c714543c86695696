export { ApiError, type ClientOptions, type FetchLike } from './api-error';
export { createContentClient, type ContentClient } from './content-client';
export { createIdentityClient, type IdentityClient } from './identity-client';
export { createNewsletterClient, type NewsletterClient } from './newsletter-client';
