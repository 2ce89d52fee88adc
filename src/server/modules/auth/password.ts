import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: m=19 MiB, t=2, p=1. */
const OPTIONS = {
  // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
