import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;
const BCRYPT_PREFIX = /^\$2[aby]\$/;

/**
 * Passwords are argon2id (hash-wasm: WebAssembly, no install script). Hashes migrated from Whaticket are bcrypt;
 * they verify, and `needsRehash` tells the login to replace them with argon2id.
 */
@Injectable()
export class PasswordHasher {
  /** A valid hash of a random password: verifying against it costs what a real verification costs. */
  private decoy: Promise<string> | undefined;

  async hash(password: string): Promise<string> {
    return argon2id({ password, salt: randomBytes(16), ...ARGON2, outputType: 'encoded' });
  }

  async verify(password: string, hash: string): Promise<boolean> {
    if (BCRYPT_PREFIX.test(hash)) return bcrypt.compare(password, hash);
    if (!hash.startsWith('$argon2')) return false;
    return argon2Verify({ password, hash });
  }

  needsRehash(hash: string): boolean {
    return !hash.startsWith('$argon2id$');
  }

  /** Spends a verification's time when there is no such user, so timing does not reveal which e-mails exist. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.decoy);
    return false;
  }
}
