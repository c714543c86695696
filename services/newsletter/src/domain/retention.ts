import type { Clock, Logger } from '@croft/service-kit';
import type { SubscriberModel } from '../data/subscriber-model';

/**
 * Retention rules promised on /privacy (remotes/site/src/features/info-pages/privacy-notice.ts):
 * - 30 days after unsubscribing, the name, phone, birthday and interests are removed (the email,
 *   status, token hash and consent/unsubscribe evidence stay);
 * - 2 years after unsubscribing, the whole record goes, evidence included.
 * While subscribed, consent_history keeps the newest CONSENT_HISTORY_LIMIT entries (subscriber-store).
 * Dates come from the injected clock, so the sweep is a query, not a TTL index (those use the wall clock).
 */
export const PERSONAL_DATA_KEPT_DAYS = 30;
export const EVIDENCE_KEPT_YEARS = 2;
/** How often a running service sweeps (a recurring job in the service kit's jobs, see newsletter-service.ts). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewsletterSweepResult {
  /** Unsubscribed records whose name, phone, birthday and interests were removed. */
  personalDataRemoved: number;
  /** Unsubscribed records deleted 2 years on. */
  recordsDeleted: number;
}

export interface NewsletterRetention {
  sweepExpired(): Promise<NewsletterSweepResult>;
}

export function createNewsletterRetention(options: { model: SubscriberModel; clock: Clock; logger: Logger }): NewsletterRetention {
  const { model, clock, logger } = options;

  async function sweepExpired(): Promise<NewsletterSweepResult> {
    const now = clock.now();
    const evidenceCutoff = new Date(now.getTime());
    evidenceCutoff.setUTCFullYear(evidenceCutoff.getUTCFullYear() - EVIDENCE_KEPT_YEARS);
    const deleted = await model.deleteMany({ status: 'unsubscribed', unsubscribed_at: { $lte: evidenceCutoff } });

    const personalCutoff = new Date(now.getTime() - PERSONAL_DATA_KEPT_DAYS * DAY_MS);
    const stripped = await model.updateMany(
      {
        status: 'unsubscribed',
        unsubscribed_at: { $lte: personalCutoff },
        $or: [
          { name: { $exists: true } },
          { phone: { $exists: true } },
          { birthday: { $exists: true } },
          { interests: { $exists: true } },
        ],
      },
      { $unset: { name: 1, phone: 1, birthday: 1, interests: 1 }, $set: { updated_at: now } },
    );
    const result = { personalDataRemoved: stripped.modifiedCount, recordsDeleted: deleted.deletedCount };
    if (result.personalDataRemoved + result.recordsDeleted > 0) logger.info(result, 'newsletter retention sweep');
    return result;
  }

  return { sweepExpired };
}
