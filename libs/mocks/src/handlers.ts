import { contentHandlers } from './content/handlers';
import { identityHandlers } from './identity/handlers';
import { passkeyHandlers } from './identity/passkey-handlers';

/** Every service's default handlers: what a standalone remote, Storybook and vitest answer with. */
export const defaultHandlers = [...contentHandlers(), ...identityHandlers(), ...passkeyHandlers()];
