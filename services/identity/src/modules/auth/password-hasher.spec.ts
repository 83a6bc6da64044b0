import bcrypt from 'bcryptjs';
import { PasswordHasher } from './password-hasher.js';

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher();

  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await sut.hash('segredo123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await sut.verify('segredo123', hash)).toBe(true);
    expect(await sut.verify('segredo124', hash)).toBe(false);
    expect(sut.needsRehash(hash)).toBe(false);
  });

  it("accepts Whaticket's bcrypt hashes and asks for a rehash", async () => {
    const legacy = bcrypt.hashSync('123456', 8);
    expect(await sut.verify('123456', legacy)).toBe(true);
    expect(await sut.verify('1234567', legacy)).toBe(false);
    expect(sut.needsRehash(legacy)).toBe(true);
  });

  it('verifies an argon2id hash of another cost and asks for its rehash at the current one', async () => {
    const older = await new PasswordHasher({ memorySize: 4_096, iterations: 3, parallelism: 1 }).hash('segredo123');
    expect(await sut.verify('segredo123', older)).toBe(true);
    expect(sut.needsRehash(older)).toBe(true);
  });

  it('refuses anything that is not a known hash, and spends time on unknown users', async () => {
    expect(await sut.verify('x', 'plain-text')).toBe(false);
    expect(await sut.verifyDecoy('whatever')).toBe(false);
  });
});
