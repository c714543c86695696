import { Schema, Types, type Connection, type Model } from 'mongoose';
import { AUDIT_DETAIL_MAX, AUDIT_LIST_MAX, auditActionSchema, type AuditEvent, type AuditListResponse } from '@croft/contracts';
import { systemClock, type Clock } from './clock';
import { HttpError } from './errors';

/**
 * The audit log (GUIDE §14, issue 11): every staff action that changes something is recorded
 * here, per service, in one kit-owned collection (`audit_events`). A service answers
 * GET /api/<service>/audit for admins with `list`; /admin/audit merges every service's list.
 *
 * Events are append-only. Pages are newest first with a cursor `<at ms>-<_id hex>` (the last
 * event of the page), so an event recorded while an admin pages through never shifts the pages.
 */

export const AUDIT_EVENTS_COLLECTION = 'audit_events';

export interface AuditActor {
  id: string;
  email?: string;
}

export interface AuditRecordInput {
  /** Who did it; null for the platform itself (a scheduled job, the start-up seed). */
  actor: AuditActor | null;
  /** 'area.verb', e.g. 'text.published'. */
  action: string;
  /** What it was done to, e.g. 'cafe/hero/title'. */
  target: string;
  /** A short human summary; cut to AUDIT_DETAIL_MAX characters. */
  detail: string;
}

export interface AuditListOptions {
  /** 1 … AUDIT_LIST_MAX (clamped). */
  limit: number;
  /** The `next_cursor` of the previous page. */
  before?: string;
}

export interface AuditLog {
  readonly service: string;
  record(event: AuditRecordInput): Promise<void>;
  list(options: AuditListOptions): Promise<AuditListResponse>;
}

export interface AuditEventDoc {
  _id: Types.ObjectId;
  service: string;
  at: Date;
  actor: { id: string; email?: string } | null;
  action: string;
  target: string;
  detail: string;
}

export function auditEventModel(connection: Connection): Model<AuditEventDoc> {
  const existing = connection.models.KitAuditEvent as Model<AuditEventDoc> | undefined;
  if (existing) return existing;
  const actor = new Schema({ id: { type: String, required: true }, email: { type: String } }, { _id: false });
  const schema = new Schema<AuditEventDoc>(
    {
      service: { type: String, required: true },
      at: { type: Date, required: true },
      actor: { type: actor, default: null },
      action: { type: String, required: true },
      target: { type: String, required: true },
      detail: { type: String, default: '' },
    },
    { versionKey: false, collection: AUDIT_EVENTS_COLLECTION },
  );
  schema.index({ service: 1, at: -1, _id: -1 });
  return connection.model<AuditEventDoc>('KitAuditEvent', schema);
}

const CURSOR = /^(\d{1,15})-([a-f0-9]{24})$/;

/** `<at ms>-<_id hex>` of an event: where the next page starts (exclusive). */
export function auditCursor(at: Date, id: Types.ObjectId | string): string {
  return `${at.getTime()}-${String(id)}`;
}

/** A cursor's parts, or null when it is not one. */
export function parseAuditCursor(cursor: string): { at: Date; id: Types.ObjectId } | null {
  const match = CURSOR.exec(cursor);
  if (!match) return null;
  return { at: new Date(Number(match[1])), id: new Types.ObjectId(match[2]) };
}

export class InvalidAuditCursorError extends Error {
  constructor(cursor: string) {
    super(`not an audit cursor: ${cursor.slice(0, 60)}`);
    this.name = 'InvalidAuditCursorError';
  }
}

/** Events a GET …/audit answers when the query names no limit. */
export const AUDIT_DEFAULT_LIMIT = 50;

/**
 * A service's GET …/audit answer (auditListQuerySchema's query): a page of its log, newest first;
 * a `before` that is not a next_cursor is 400 invalid_request.
 */
export async function readAuditPage(audit: Pick<AuditLog, 'list'>, query: { limit?: string; before?: string }): Promise<AuditListResponse> {
  try {
    return await audit.list({ limit: query.limit === undefined ? AUDIT_DEFAULT_LIMIT : Number(query.limit), ...(query.before ? { before: query.before } : {}) });
  } catch (error) {
    if (error instanceof InvalidAuditCursorError) throw new HttpError(400, 'invalid_request', 'before must be the next_cursor of an earlier page.');
    throw error;
  }
}

function toEvent(doc: AuditEventDoc): AuditEvent {
  return {
    id: String(doc._id),
    at: doc.at.toISOString(),
    service: doc.service,
    actor: doc.actor ? { id: doc.actor.id, ...(doc.actor.email ? { email: doc.actor.email } : {}) } : null,
    action: doc.action,
    target: doc.target,
    detail: doc.detail,
  };
}

/**
 * The audit log of one service on its connection. `options.clock` dates the events (default the
 * system clock).
 */
export function createAuditLog(connection: Connection, service: string, options: { clock?: Clock } = {}): AuditLog {
  const Event = auditEventModel(connection);
  const clock = options.clock ?? systemClock;
  let ready: Promise<unknown> | undefined;
  const init = () => (ready ??= Event.init());

  return {
    service,
    async record({ actor, action, target, detail }) {
      if (!auditActionSchema.safeParse(action).success) throw new Error(`audit action must be area.verb: ${action}`);
      await init();
      await Event.create({
        service,
        at: clock.now(),
        actor: actor ? { id: actor.id, ...(actor.email ? { email: actor.email } : {}) } : null,
        action,
        target,
        detail: detail.length > AUDIT_DETAIL_MAX ? `${detail.slice(0, AUDIT_DETAIL_MAX - 1)}…` : detail,
      });
    },
    async list({ limit, before }) {
      await init();
      const size = Math.max(1, Math.min(AUDIT_LIST_MAX, Math.floor(limit) || 1));
      const filter: Record<string, unknown> = { service };
      if (before !== undefined) {
        const cursor = parseAuditCursor(before);
        if (!cursor) throw new InvalidAuditCursorError(before);
        filter.$or = [{ at: { $lt: cursor.at } }, { at: cursor.at, _id: { $lt: cursor.id } }];
      }
      const docs = await Event.find(filter)
        .sort({ at: -1, _id: -1 })
        .limit(size + 1)
        .lean<AuditEventDoc[]>();
      const page = docs.slice(0, size);
      const last = page[page.length - 1];
      return {
        items: page.map(toEvent),
        ...(docs.length > size && last ? { next_cursor: auditCursor(last.at, last._id) } : {}),
      };
    },
  };
}
