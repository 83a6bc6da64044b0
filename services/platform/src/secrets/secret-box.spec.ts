import { SecretBox } from './secret-box.js';

describe(SecretBox.name, () => {
  it('opens what it sealed, and each seal differs (a fresh IV)', () => {
    const box = new SecretBox('a-secrets-key-of-at-least-32-characters');
    const first = box.seal('JBSWY3DPEHPK3PXP');
    expect(first).toMatch(/^v1:/);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(first);
    expect(box.open(first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed with another key or tampered with', () => {
    const sealed = new SecretBox('a-secrets-key-of-at-least-32-characters').seal('secret');
    expect(() => new SecretBox('another-key-of-at-least-32-characters!!').open(sealed)).toThrow();
    expect(new SecretBox('another-key-of-at-least-32-characters!!').tryOpen(sealed)).toBeNull();
    const [version, iv, tag, data] = sealed.split(':');
    const flipped = `${(data ?? '').startsWith('A') ? 'B' : 'A'}${(data ?? '').slice(1)}`;
    expect(() =>
      new SecretBox('a-secrets-key-of-at-least-32-characters').open([version, iv, tag, flipped].join(':')),
    ).toThrow();
    expect(() => new SecretBox('x').open('garbage')).toThrow('unreadable stored secret');
  });

  it('still opens values sealed with a previous key, and seals new ones with the current key', () => {
    const before = new SecretBox('the-key-the-service-used-before-0123456789');
    const sealed = before.seal('sk-old-value');
    const box = new SecretBox('the-key-the-service-uses-now-0123456789abc', [
      'the-key-the-service-used-before-0123456789',
    ]);
    expect(box.open(sealed)).toBe('sk-old-value');
    const resealed = box.seal('sk-new-value');
    expect(before.tryOpen(resealed)).toBeNull();
    expect(new SecretBox('the-key-the-service-uses-now-0123456789abc').open(resealed)).toBe('sk-new-value');
  });
});
