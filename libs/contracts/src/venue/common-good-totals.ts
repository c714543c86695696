import * as z from 'zod/mini';

// Common Good totals: the one venue contract on every public page (the footer's running total),
// kept apart so the visitor's first chunk does not carry the booking and staff schemas.


/** GET /api/venue/common-good/totals (or POST with an empty body: get-common-good-totals). */
export const commonGoodTotalsRequestSchema = z.strictObject({});
export const commonGoodTotalsResponseSchema = z.strictObject({
  combined_total_cents: z.int().check(z.minimum(0)),
});
export type CommonGoodTotalsResponse = z.infer<typeof commonGoodTotalsResponseSchema>;
