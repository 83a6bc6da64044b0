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
    const [version, iv, tag, data] = sealed.split(':');
    const flipped = `${(data ?? '').startsWith('A') ? 'B' : 'A'}${(data ?? '').slice(1)}`;
    expect(() =>
      new SecretBox('a-secrets-key-of-at-least-32-characters').open([version, iv, tag, flipped].join(':')),
    ).toThrow();
    expect(() => new SecretBox('x').open('garbage')).toThrow('unreadable stored secret');
  });
});
