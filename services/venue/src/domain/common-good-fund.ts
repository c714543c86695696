import type { Donation } from '@croft/contracts';
import type { Clock, Logger } from '@croft/service-kit';
import {
  APPLIED_IDS_KEPT,
  TOTAL_ID,
  type DonationDoc,
  type DonationModel,
  type TotalModel,
} from '../data/donation-model';

export interface Recorder {
  /** identity user id (sub), or 'system' for seeds. */
  sub: string;
  /** What staff lists show as "recorded by". */
  email: string;
}

export interface DonationInput {
  amount_cents: number;
  note: string;
  request_id?: string;
}

export interface RecordOutcome {
  donation: Donation;
  created: boolean;
  combined_total_cents: number;
}

/** Thrown when a donation is stored but the running total could not be updated yet. */
export class TotalPendingError extends Error {
  constructor(
    readonly donation: Donation,
    cause: unknown,
  ) {
    super('donation stored, total not updated yet', { cause });
    this.name = 'TotalPendingError';
  }
}

export interface CommonGoodFund {
  /** The running total: one read of one document (never a scan of the donations). */
  readTotal(): Promise<number>;
  /**
   * Records a donation and adds it to the total. Order: (1) insert the donation with
   * applied=false (a given request_id is unique, so a retry finds the first insert);
   * (2) $inc the total guarded by "this donation id is not in applied_ids" and push the id;
   * (3) mark the donation applied. A failure after (1) leaves a stored donation that
   * applyPending() adds later; a failure after (2) is re-applied as a no-op by the guard.
   * So nothing is lost and nothing is counted twice.
   */
  record(input: DonationInput, by: Recorder): Promise<RecordOutcome>;
  /** Newest first. */
  list(limit: number): Promise<Donation[]>;
  /** Adds every stored donation not yet in the total (after a failure); returns how many. */
  applyPending(): Promise<number>;
  /**
   * Rebuilds the total from the donations (a scan): repair tool for start-up or when the
   * total document was lost. Do not run while donations are being recorded.
   */
  recompute(): Promise<number>;
  /** Makes sure the total document exists (recomputing when applied donations exist without it). */
  ensureTotal(): Promise<void>;
}

export function toDonation(doc: Pick<DonationDoc, '_id' | 'amount_cents' | 'note' | 'recorded_by_email' | 'recorded_at'>): Donation {
  return {
    id: doc._id.toHexString(),
    amount_cents: doc.amount_cents,
    note: doc.note,
    recorded_by: doc.recorded_by_email,
    recorded_at: doc.recorded_at.toISOString(),
  };
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export function createCommonGoodFund(options: {
  donations: DonationModel;
  totals: TotalModel;
  clock: Clock;
  logger: Logger;
}): CommonGoodFund {
  const { donations, totals, clock, logger } = options;

  async function ensureTotal(): Promise<void> {
    if (await totals.exists({ _id: TOTAL_ID })) return;
    // Donations already in a total that no longer exists: the document was lost, rebuild it.
    // (Donations not yet applied are added by the normal apply step.)
    if (await donations.exists({ applied: true })) {
      logger.warn('common good total document missing: rebuilding it from the donations');
      await recompute();
      return;
    }
    await totals.updateOne(
      { _id: TOTAL_ID },
      { $setOnInsert: { combined_total_cents: 0, donation_count: 0, applied_ids: [], updated_at: clock.now() } },
      { upsert: true },
    );
  }

  /** Steps (2) and (3) for one stored donation; safe to repeat. */
  async function apply(doc: Pick<DonationDoc, '_id' | 'amount_cents'>): Promise<void> {
    const id = doc._id.toHexString();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await totals.updateOne(
        { _id: TOTAL_ID, applied_ids: { $ne: id } },
        {
          $inc: { combined_total_cents: doc.amount_cents, donation_count: 1 },
          $push: { applied_ids: { $each: [id], $slice: -APPLIED_IDS_KEPT } },
          $set: { updated_at: clock.now() },
        },
      );
      if (result.matchedCount > 0) break;
      // Not matched: either already applied (id in the list) or no total document yet.
      if (await totals.exists({ _id: TOTAL_ID })) break;
      await ensureTotal();
    }
    await donations.updateOne({ _id: doc._id }, { $set: { applied: true } });
  }

  async function readTotal(): Promise<number> {
    let doc = await totals.findById(TOTAL_ID, { combined_total_cents: 1 }).lean();
    if (!doc) {
      await ensureTotal();
      doc = await totals.findById(TOTAL_ID, { combined_total_cents: 1 }).lean();
    }
    return doc?.combined_total_cents ?? 0;
  }

  async function applyPending(): Promise<number> {
    const pending = await donations.find({ applied: false }, { _id: 1, amount_cents: 1 }).sort({ recorded_at: 1 }).limit(500).lean();
    for (const doc of pending) await apply(doc);
    if (pending.length) logger.info({ applied: pending.length }, 'common good: pending donations added to the total');
    return pending.length;
  }

  async function recompute(): Promise<number> {
    const all = await donations.find({}, { _id: 1, amount_cents: 1 }).lean();
    const sum = all.reduce((acc, d) => acc + d.amount_cents, 0);
    const ids = all.map((d) => d._id);
    await totals.updateOne(
      { _id: TOTAL_ID },
      {
        $set: {
          combined_total_cents: sum,
          donation_count: all.length,
          applied_ids: ids.slice(-APPLIED_IDS_KEPT).map((id) => id.toHexString()),
          updated_at: clock.now(),
        },
      },
      { upsert: true },
    );
    if (ids.length) await donations.updateMany({ _id: { $in: ids } }, { $set: { applied: true } });
    return sum;
  }

  return {
    readTotal,
    ensureTotal,
    applyPending,
    recompute,

    async record(input, by) {
      // Catch up on donations an earlier failure left out of the total.
      await applyPending().catch((error: unknown) => logger.error({ err: error }, 'common good: catch-up failed'));

      let doc: DonationDoc;
      let created = true;
      try {
        doc = (
          await donations.create({
            amount_cents: input.amount_cents,
            note: input.note,
            recorded_by_sub: by.sub,
            recorded_by_email: by.email,
            recorded_at: clock.now(),
            applied: false,
            ...(input.request_id === undefined ? {} : { request_id: input.request_id }),
          })
        ).toObject();
      } catch (error) {
        if (!isDuplicateKey(error) || input.request_id === undefined) throw error;
        const existing = await donations.findOne({ request_id: input.request_id }).lean();
        if (!existing) throw error;
        doc = existing;
        created = false;
      }

      const donation = toDonation(doc);
      if (!doc.applied) {
        try {
          await apply(doc);
        } catch (error) {
          logger.error({ err: error, donation: donation.id }, 'common good: donation stored, total not updated yet');
          throw new TotalPendingError(donation, error);
        }
      }
      return { donation, created, combined_total_cents: await readTotal() };
    },

    async list(limit) {
      const docs = await donations.find({}).sort({ recorded_at: -1 }).limit(limit).lean();
      return docs.map(toDonation);
    },
  };
}
