import * as z from 'zod/mini';

// ---------------------------------------------------------------------------------------------
// The audit log (issue 11): who changed, published, restored, scheduled or granted what, and when.
// Each service keeps its own events (service-kit's audit log) and answers GET /api/<service>/audit
// for admins; /admin/audit reads every service's list and merges them by time.
// ---------------------------------------------------------------------------------------------

/** 'area.verb', e.g. 'text.published', 'role.granted'. */
export const auditActionSchema = z.string().check(z.regex(/^[a-z][a-z_]*\.[a-z][a-z_]*$/, 'must be area.verb'));

export const AUDIT_DETAIL_MAX = 500;
export const AUDIT_LIST_MAX = 100;

export const auditEventSchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  service: z.string(),
  /** Who did it; null for the platform itself (a scheduled publish running, the start-up seed). */
  actor: z.nullable(z.strictObject({ id: z.string(), email: z.optional(z.string()) })),
  action: auditActionSchema,
  /** What it was done to, e.g. 'cafe/hero/title' or 'ann@example.com'. */
  target: z.string(),
  /** A short human summary ('editor granted', 'revision 4 live'). */
  detail: z.string().check(z.maxLength(AUDIT_DETAIL_MAX)),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/<service>/audit?limit=50&before=<next_cursor>: newest first. */
export const auditListQuerySchema = z.strictObject({
  limit: z.optional(
    z.string().check(
      z.regex(/^\d{1,3}$/, 'must be a whole number'),
      z.refine((v) => Number(v) >= 1 && Number(v) <= AUDIT_LIST_MAX, `must be from 1 to ${AUDIT_LIST_MAX}`),
    ),
  ),
  before: z.optional(z.string().check(z.regex(/^\d{1,15}-[a-f0-9]{24}$/, 'must be the next_cursor of an earlier page'))),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListResponseSchema = z.strictObject({
  items: z.array(auditEventSchema),
  next_cursor: z.optional(z.string()),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
