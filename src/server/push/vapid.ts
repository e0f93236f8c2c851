import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidKeys } from '../../domain/notifications/push-sender';
import type { Config } from '../config';

const KeyFile = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });
const loaded = new WeakMap<Config, Promise<VapidKeys>>();

/** The generated keys' file in the data folder. */
const vapidKeyFile = (config: Config) => path.join(config.DATA_DIR, 'vapid-keys.json');

async function readOrCreate(config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = vapidKeyFile(config);
  const existing = await readFile(file, 'utf8').then(
    (text) => KeyFile.safeParse(JSON.parse(text)),
    () => null,
  );
  if (existing?.success) return { ...existing.data, subject };
  const keys = webpush.generateVAPIDKeys();
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': when two processes start at once, the first file wins and the other reads it.
    await writeFile(file, JSON.stringify(keys, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
  } catch {
    const again = KeyFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (again.success) return { ...again.data, subject };
    throw new Error(`${file} exists but does not hold VAPID keys; remove it to generate new ones`);
  }
  return { ...keys, subject };
}

/**
 * The VAPID keys Web Push is signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else a
 * pair generated on first use into DATA_DIR/vapid-keys.json (kept across restarts, so browsers'
 * subscriptions stay valid). Several nodes must share the keys: set the variables for them.
 * @example const { publicKey } = await vapidKeys(config)
 */
export function vapidKeys(config: Config): Promise<VapidKeys> {
  let keys = loaded.get(config);
  if (!keys) {
    keys = readOrCreate(config);
    keys.catch(() => loaded.delete(config));
    loaded.set(config, keys);
  }
  return keys;
}
