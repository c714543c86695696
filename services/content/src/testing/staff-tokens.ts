/** The service kit's test tokens (kept here as the content tests' import). */
export { testTokens } from '@croft/service-kit/testing/test-tokens';
