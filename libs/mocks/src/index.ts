export { mockEndpoint, mockError, SERVER_ERROR, type MockContext, type MockFailure, type MockResolver } from './endpoint';
export { buildFaqRow, buildFaqFixtures } from './content/faq-factory';
export { contentHandlers, type ContentEndpoint, type ContentMockOptions } from './content/handlers';
export {
  buildCmsTextRow,
  buildGlobalTextRow,
  buildCmsImageRow,
  buildSecretWordRow,
  buildPageTextFixtures,
  buildGlobalTextFixtures,
  buildCarouselFixtures,
  buildSecretWordFixtures,
} from './content/cms-factory';
export { defaultHandlers } from './handlers';
export { identityHandlers, MOCK_SIGN_IN_CODE, type IdentityMockOptions } from './identity/handlers';
export { buildSession } from './identity/session-factory';
export { passkeyHandlers, MOCK_USER_HANDLE, MOCK_CHALLENGE, MOCK_PROOF, type PasskeyMockOptions, type PasskeyMockState } from './identity/passkey-handlers';
export { accountHandlers, buildPasskey, buildPasskeyList, buildFactor, MOCK_TOTP_SECRET, type AccountMockOptions } from './identity/account-handlers';
export { newsletterHandlers, type NewsletterMockOptions, type NewsletterMockFailure } from './newsletter/handlers';
export { venueHandlers, type VenueMockOptions, type VenueFailure } from './venue/handlers';
export { buildCommonGoodTotals, buildDonation, buildCommonGoodMessage, buildBookingResponse, MOCK_COMMON_GOOD_TOTAL_CENTS } from './venue/venue-factory';
export { SCENARIOS, SCENARIO_PARAM, findScenario, scenarioHandlers, scenariosFromSearch, type Scenario } from './scenarios';
export * from './content/editing';
export * from './identity/people';
export * from './content/secret-words';
export * from './content/faq-editing';
export * from './content/image-editing';
export * from './loyalty/loyalty-factory';
export * from './loyalty/handlers';
export * from './loyalty/scenarios';
export * from './cinema/cinema-factory';
export * from './cinema/handlers';
export * from './cinema/scenarios';
export * from './nudge/nudge-factory';
export * from './nudge/handlers';
export * from './nudge/scenarios';
export * from './analytics/analytics-factory';
export * from './analytics/handlers';
export * from './analytics/scenarios';
