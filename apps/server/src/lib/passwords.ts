import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { limits, passwordPattern } from '@vitrina/contracts';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id hashing with the configured cost. */
export function createPasswordHasher(cost: Argon2Cost) {
  // Algorithm.Argon2id is an ambient const enum, which erasable TypeScript cannot reference.
  const argon2id = 2 as Algorithm;
  const options = { algorithm: argon2id, parallelism: 1, ...cost };
  return {
    hash: (password: string) => hash(password, options),
    /** False for a wrong password or an unreadable hash; never throws on bad input. */
    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

const lower = 'abcdefghijkmnopqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] ?? 'a';
}

/**
 * A random temporary password that satisfies the spec's rule (letters and digits, one of each
 * class, at most 10 characters). Ambiguous characters (l, I, O, 0, 1) are left out because
 * people copy it from a mail.
 */
export function generateTemporaryPassword(): string {
  const all = lower + upper + digits;
  const characters = [pick(lower), pick(upper), pick(digits)];
  while (characters.length < limits.passwordMax) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  const password = characters.join('');
  if (!passwordPattern.test(password)) throw new Error('generated password breaks the rule');
  return password;
}
