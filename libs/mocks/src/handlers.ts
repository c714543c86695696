import { analyticsHandlers } from './analytics/handlers';
import { cinemaHandlers } from './cinema/handlers';
import { contentHandlers } from './content/handlers';
import { accountHandlers } from './identity/account-handlers';
import { identityHandlers } from './identity/handlers';
import { passkeyHandlers } from './identity/passkey-handlers';
import { loyaltyHandlers } from './loyalty/handlers';
import { newsletterHandlers } from './newsletter/handlers';
import { nudgeHandlers } from './nudge/handlers';
import { venueHandlers } from './venue/handlers';

/** Every service's default handlers: what a standalone remote, Storybook and vitest answer with. */
// accountHandlers first: it answers POST /logout?scope=others and lets other sign-outs through.
export const defaultHandlers = [...contentHandlers(), ...accountHandlers(), ...identityHandlers(), ...passkeyHandlers(), ...newsletterHandlers(), ...venueHandlers(), ...loyaltyHandlers(), ...cinemaHandlers(), ...nudgeHandlers(), ...analyticsHandlers()];
