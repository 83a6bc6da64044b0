import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';

/**
 * A `PasswordHasher` at argon2id's least cost, for specs whose rule is not the hashing (password-hasher.spec.ts checks
 * the baseline cost): what they need is a hash that verifies, not 19 MiB of memory filled twice per check.
 */
export function quickHasher(): PasswordHasher {
  return new PasswordHasher({ memorySize: 8, iterations: 1, parallelism: 1 });
}
