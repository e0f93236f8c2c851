import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

const loaded = new WeakMap<Config, Promise<Uint8Array>>();

/** A 32-byte key in base64 (44 characters with padding, or base64url). */
const decode = (text: string): Uint8Array | null => {
  const bytes = Buffer.from(text.trim(), 'base64');
  return bytes.length === 32 ? new Uint8Array(bytes) : null;
};

async function readOrCreate(config: Config): Promise<Uint8Array> {
  if (config.DOCUMENTS_KEY) {
    const key = decode(config.DOCUMENTS_KEY);
    if (key) return key;
  }
  const file = path.join(config.DATA_DIR, 'documents-key');
  const existing = await readFile(file, 'utf8').then(decode, () => null);
  if (existing) return existing;
  const fresh = randomBytes(32);
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': when two processes start at once, the first file wins and the other reads it.
    await writeFile(file, fresh.toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    return new Uint8Array(fresh);
  } catch {
    const again = decode(await readFile(file, 'utf8'));
    if (again) return again;
    throw new Error(`${file} exists but does not hold a 32-byte base64 key; remove it to generate a new one`);
  }
}

/**
 * The AES-256-GCM key travel documents are sealed with: DOCUMENTS_KEY when set, else one generated
 * on first use into DATA_DIR/documents-key (kept across restarts, or sealed documents could not be
 * opened). Several nodes must share the key: set the variable for them.
 * @example const key = await documentsKey(config)
 */
export function documentsKey(config: Config): Promise<Uint8Array> {
  let key = loaded.get(config);
  if (!key) {
    key = readOrCreate(config);
    key.catch(() => loaded.delete(config));
    loaded.set(config, key);
  }
  return key;
}
