import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ConfigError } from '../config/env.js';

const VERSION = 'v1';

const keyOf = (material: string): Buffer => createHash('sha256').update(material).digest();

/**
 * AES-256-GCM for secrets a service keeps at rest (integration credentials, authenticator secrets):
 * `v1:<iv>:<tag>:<ciphertext>`, each part base64url. The key is the SHA-256 of the service's secrets key (its
 * `<SERVICE>_SECRETS_KEY`), so a stored value opens only with the key it was sealed with; a tampered value or
 * another key fails to open. `previousKeyMaterials` are keys a service sealed with before: values sealed with them
 * still open, and every new seal uses the current key.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly keys: readonly Buffer[];

  constructor(keyMaterial: string, previousKeyMaterials: readonly string[] = []) {
    this.key = keyOf(keyMaterial);
    this.keys = [this.key, ...previousKeyMaterials.map(keyOf)];
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  /** The plain text; throws when the value is malformed, tampered with or sealed with an unknown key. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unreadable stored secret');
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // another key may open it
      }
    }
    throw new Error('unreadable stored secret');
  }

  /** The plain text, or null when `open` would throw. */
  tryOpen(sealed: string): string | null {
    try {
      return this.open(sealed);
    } catch {
      return null;
    }
  }
}

/** Where a service's secrets key comes from: its `<SERVICE>_SECRETS_KEY` setting, or else its internal token. */
export interface SecretsKeySource {
  /** The setting's name, e.g. TICKETS_SECRETS_KEY, for the refusal's message. */
  readonly setting: string;
  readonly key: string | undefined;
  /** Distinguishes this service's derived key from another's derived from the same token. */
  readonly purpose: string;
  readonly internalToken: string;
  readonly nodeEnv: string;
}

/**
 * A service's seal: keyed by its configured secrets key, which production requires (a key derived from the internal
 * token would lose every sealed value when that token changes, so the service refuses to start without it). Values
 * sealed with the derived key (the key when the setting is unset, as in tests) open as long as the token is the same.
 */
export function configuredSecretBox<Box extends SecretBox>(
  source: SecretsKeySource,
  Box: new (key: string, previous?: readonly string[]) => Box,
): Box {
  const derived = `${source.purpose}:${source.internalToken}`;
  if (source.key) return new Box(source.key, [derived]);
  if (source.nodeEnv === 'production') {
    throw new ConfigError([`${source.setting} is required in production (at least 32 characters)`]);
  }
  return new Box(derived);
}
