import { analyticsModule } from '@croft/analytics-service';
import { cinemaModule } from '@croft/cinema-service';
import { contentModule } from '@croft/content-service';
import { identityModule } from '@croft/identity-service';
import { loyaltyModule } from '@croft/loyalty-service';
import { newsletterModule } from '@croft/newsletter-service';
import { nudgeModule } from '@croft/nudge-service';
import { venueModule } from '@croft/venue-service';

/**
 * Every service the gateway serves, each at /api/<name>. Created in this order: a module's needs
 * come from the modules before it (identity needs newsletter's membership check; content and
 * venue need identity's token verifier; loyalty, cinema and nudge need both; analytics comes last,
 * after the services whose member figures it borrows), and a list that breaks that fails at
 * start-up with the reason. Adding a service: its folder under services/, plus one line here.
 */
export const GATEWAY_MODULES = [newsletterModule, identityModule, contentModule, venueModule, loyaltyModule, cinemaModule, nudgeModule, analyticsModule] as const;
