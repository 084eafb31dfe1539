// argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the user does not exist keeps sign-in time similar for both cases. It was
 * made once with OPTIONS from a random password nobody kept, so no request (not even the first after a
 * start) pays for hashing it; passwords.test.ts checks its parameters still match OPTIONS.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$aC9qm8arb6an81b8ALiPjQ$aTKBDtz2u1O078VVJtGxrcrj9ybSAZohjt3IayvaXII';

export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}
