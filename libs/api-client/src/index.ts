export { callEndpoint, type CallArgs, type CallInit } from './call-endpoint';
export { ApiError, type ClientOptions, type FetchLike } from './api-error';
export { createContentClient, type ContentClient } from './content-client';
export { createIdentityClient, type IdentityClient } from './identity-client';
export { createNewsletterClient, type NewsletterClient } from './newsletter-client';
export { createPasskeyClient, type PasskeyClient, type RelyingPartyContext, type RegisterOptionsResult, type RegisterVerifyResult, type AuthOptionsResult, type AuthVerifyResult, type CreatePasskeySessionResult, type MembershipCheckResult } from './passkey-client';
export { createAccountClient, type AccountClient, type AccountClientOptions } from './account-client';
export { createVenueClient, type VenueClient } from './venue-client';
