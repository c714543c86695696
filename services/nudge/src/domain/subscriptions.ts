import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { endpointUrl, nudgeEndpoints, NUDGE_EMAIL_LINK_TTL_MS, NUDGE_RECENT_LIMIT, type NudgeReceived, type NudgeSubscription, type PushSubscriptionJson } from '@croft/contracts';
import type { Clock, Logger, Mailer } from '@croft/service-kit';
import type { DeliveryDoc, NudgeDoc, NudgeModels, SubscriptionDoc } from '../data/nudge-models';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

/** The signed-in member, from identity's access token. */
export interface Member {
  id: string;
  email: string | null;
}

export function subscriptionView(doc: SubscriptionDoc): NudgeSubscription {
  return {
    id: String(doc._id),
    browser: doc.browser,
    topics: doc.topics as NudgeSubscription['topics'],
    linked: doc.linked_via !== null,
    linked_via: doc.linked_via,
    created_at: doc.created_at.toISOString(),
    last_success_at: doc.last_success_at ? doc.last_success_at.toISOString() : null,
  };
}

export interface Subscriptions {
  /**
   * Stores this browser's subscription (a new endpoint) or updates it (the same endpoint again:
   * keys, browser, topics). Answers the subscription and a fresh device token for the cookie.
   */
  subscribe(input: { subscription: PushSubscriptionJson; browser: string; topics?: string[] }, member: Member | null): Promise<{ subscription: SubscriptionDoc; deviceToken: string }>;
  byDevice(deviceToken: string | undefined): Promise<SubscriptionDoc | null>;
  /** The last nudges delivered to this subscription, newest first (NUDGE_RECENT_LIMIT). */
  recentDeliveries(subscription: SubscriptionDoc): Promise<NudgeReceived[]>;
  unsubscribe(endpoint: string): Promise<boolean>;
  /** Links the device's subscription to the member; false without one. */
  autoLink(deviceToken: string | undefined, member: Member): Promise<boolean>;
  /** Emails a one-time link that ties the device's subscription to `email`. */
  emailLink(deviceToken: string | undefined, email: string): Promise<'sent' | 'subscription_not_found' | 'email_failed'>;
  /** Follows the emailed link: true once linked. */
  confirmEmailLink(token: string | undefined): Promise<boolean>;
}

export function createSubscriptions(deps: { models: NudgeModels; clock: Clock; mailer: Mailer; logger: Logger; publicOrigin: string }): Subscriptions {
  const { models, clock } = deps;
  return {
    async subscribe(input, member) {
      const now = clock.now();
      const deviceToken = randomToken();
      const linked = member ? { user_id: member.id, email: member.email, linked_via: 'account' as const } : {};
      const set = {
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        browser: input.browser,
        ...(input.topics ? { topics: input.topics } : {}),
        device_hash: sha256(deviceToken),
        updated_at: now,
        ...linked,
      };
      const subscription = await models.subscription
        .findOneAndUpdate(
          { endpoint: input.subscription.endpoint },
          {
            $set: set,
            $setOnInsert: {
              ...(input.topics ? {} : { topics: [] }),
              ...(member ? {} : { user_id: null, email: null, linked_via: null }),
              created_at: now,
              last_success_at: null,
            },
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<SubscriptionDoc>();
      if (!subscription) throw new Error('the subscription was stored but cannot be read');
      return { subscription, deviceToken };
    },

    async recentDeliveries(subscription) {
      const deliveries = await models.delivery
        .find({ subscription_id: subscription._id, status: 'sent' }, { nudge_id: 1, updated_at: 1 })
        .sort({ updated_at: -1 })
        .limit(NUDGE_RECENT_LIMIT)
        .lean<Pick<DeliveryDoc, 'nudge_id' | 'updated_at'>[]>();
      if (deliveries.length === 0) return [];
      const nudges = await models.nudge
        .find({ _id: { $in: deliveries.map((d) => d.nudge_id) } }, { title: 1, body: 1, url: 1 })
        .lean<Pick<NudgeDoc, '_id' | 'title' | 'body' | 'url'>[]>();
      const byId = new Map(nudges.map((n) => [String(n._id), n]));
      return deliveries.flatMap((d) => {
        const nudge = byId.get(String(d.nudge_id));
        return nudge ? [{ nudge_id: String(nudge._id), title: nudge.title, body: nudge.body, url: nudge.url, delivered_at: d.updated_at.toISOString() }] : [];
      });
    },

    async byDevice(deviceToken) {
      if (!deviceToken || deviceToken.length > 100) return null;
      return models.subscription.findOne({ device_hash: sha256(deviceToken) }).lean<SubscriptionDoc>();
    },

    async unsubscribe(endpoint) {
      const removed = await models.subscription.findOneAndDelete({ endpoint }).lean<SubscriptionDoc>();
      if (removed) await models.emailLink.deleteMany({ subscription_id: removed._id });
      return removed !== null;
    },

    async autoLink(deviceToken, member) {
      if (!deviceToken || deviceToken.length > 100) return false;
      const linked = await models.subscription.updateOne(
        { device_hash: sha256(deviceToken) },
        { $set: { user_id: member.id, email: member.email, linked_via: 'account', updated_at: clock.now() } },
      );
      return linked.matchedCount > 0;
    },

    async emailLink(deviceToken, email) {
      const subscription = await this.byDevice(deviceToken);
      if (!subscription) return 'subscription_not_found';
      const token = randomToken();
      const link = await models.emailLink.create({
        token_hash: sha256(token),
        subscription_id: subscription._id,
        email,
        expires_at: new Date(clock.now().getTime() + NUDGE_EMAIL_LINK_TTL_MS),
      });
      const url = `${deps.publicOrigin}${endpointUrl(nudgeEndpoints.confirmEmailLink, { query: { token } })}`;
      try {
        await deps.mailer.send({
          to: email,
          subject: 'Link your Croft Common notifications',
          text: [
            'Hello,',
            '',
            `Someone (we hope you) turned on Croft Common notifications in ${subscription.browser} and asked to link them to this address.`,
            'Follow this link to complete authentication and link your notifications:',
            '',
            url,
            '',
            'The link works once, for 24 hours. If it was not you, ignore this email: nothing is linked.',
          ].join('\n'),
        });
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'nudge link email not sent');
        await models.emailLink.deleteOne({ _id: link._id });
        return 'email_failed';
      }
      return 'sent';
    },

    async confirmEmailLink(token) {
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      const now = clock.now();
      const link = await models.emailLink.findOneAndDelete({ token_hash: sha256(token), expires_at: { $gt: now } }).lean();
      if (!link) return false;
      const linked = await models.subscription.updateOne(
        { _id: new Types.ObjectId(String(link.subscription_id)), linked_via: { $ne: 'account' } },
        { $set: { email: link.email, linked_via: 'email', updated_at: now } },
      );
      if (linked.matchedCount === 0) {
        // Already linked to an account: the account wins, the address is kept alongside only if none.
        return (await models.subscription.countDocuments({ _id: link.subscription_id })) > 0;
      }
      return true;
    },
  };
}
