import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { argon2id, argon2Verify } from 'hash-wasm';

/** What one argon2id hash costs: memory in KiB, passes over it, lanes. */
export interface Argon2Cost {
  readonly memorySize: number;
  readonly iterations: number;
  readonly parallelism: number;
}

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_BASELINE: Argon2Cost = { memorySize: 19_456, iterations: 2, parallelism: 1 };
const BCRYPT_PREFIX = /^\$2[aby]\$/;

/**
 * Passwords are argon2id at `cost` (hash-wasm: WebAssembly, no install script). Hashes migrated from Whaticket are
 * bcrypt; they verify, and `needsRehash` tells the login to replace them, as it does an argon2id hash of another cost.
 */
export class PasswordHasher {
  /** A valid hash of a random password: verifying against it costs what a real verification costs. */
  private decoy: Promise<string> | undefined;
  private readonly currentPrefix: string;

  constructor(private readonly cost: Argon2Cost = ARGON2_BASELINE) {
    this.currentPrefix = `$argon2id$v=19$m=${cost.memorySize},t=${cost.iterations},p=${cost.parallelism}$`;
  }

  async hash(password: string): Promise<string> {
    return argon2id({ password, salt: randomBytes(16), ...this.cost, hashLength: 32, outputType: 'encoded' });
  }

  async verify(password: string, hash: string): Promise<boolean> {
    if (BCRYPT_PREFIX.test(hash)) return bcrypt.compare(password, hash);
    if (!hash.startsWith('$argon2')) return false;
    return argon2Verify({ password, hash });
  }

  needsRehash(hash: string): boolean {
    return !hash.startsWith(this.currentPrefix);
  }

  /** Spends a verification's time when there is no such user, so timing does not reveal which e-mails exist. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.decoy);
    return false;
  }
}
