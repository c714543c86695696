import webpush from 'web-push';
import type { Logger, SecretBox } from '@croft/service-kit';
import type { NudgeModels } from '../data/nudge-models';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_ID = 'vapid';

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * The service's VAPID key pair: made at first start and kept in `nudge_keys`, the private key
 * sealed with KEY_ENCRYPTION_SECRET. Two instances starting at once on an empty database make one
 * pair: the second insert meets the unique _id and reads the first's.
 */
export async function loadOrCreateVapidKeys(models: NudgeModels, box: SecretBox, logger: Logger, now: Date): Promise<VapidKeys> {
  const existing = await models.key.findById(KEY_ID).lean();
  if (existing) return { publicKey: existing.public_key, privateKey: box.open(existing.private_key) };
  const made = webpush.generateVAPIDKeys();
  try {
    await models.key.create({ _id: KEY_ID, public_key: made.publicKey, private_key: box.seal(made.privateKey), created_at: now });
    logger.info('made the VAPID key pair for web push');
    return made;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const winner = await models.key.findById(KEY_ID).lean();
    if (!winner) throw error;
    return { publicKey: winner.public_key, privateKey: box.open(winner.private_key) };
  }
}
