import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters from the security baseline (OWASP: 19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = {
  // 2 = Argon2id in @node-rs/argon2's const enum (const enums do not survive isolated builds).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes a password with argon2id; the PHC string carries salt and parameters.
 * @example const phc = await hashPassword('s3cret!') // '$argon2id$v=19$m=19456,t=2,p=1$...'
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no stored hash (unknown email) it
 * still verifies against a throw-away hash, so both cases take the same time and
 * the answer time does not reveal whether an account exists.
 * @example await verifyPassword(user?.passwordHash, 'guess') // false
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('safar-no-such-account-placeholder');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false;
  }
}
