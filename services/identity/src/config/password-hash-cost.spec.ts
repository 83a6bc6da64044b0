import { ConfigError, loadConfig } from '@cs/platform/config';
import { passwordHashCost, PasswordHashEnvSchema } from './env.js';

const costOf = (env: Record<string, string>) => passwordHashCost(loadConfig(PasswordHashEnvSchema, env));

describe('the password hashing cost', () => {
  it("is OWASP's argon2id baseline unless set", () => {
    expect(costOf({ NODE_ENV: 'production' })).toEqual({ memorySize: 19_456, iterations: 2, parallelism: 1 });
  });

  it("takes any of OWASP's equivalent settings, and a higher cost", () => {
    for (const [memory, passes] of [
      [47_104, 1],
      [12_288, 3],
      [7_168, 5],
      [65_536, 3],
    ]) {
      const env = {
        NODE_ENV: 'production',
        PASSWORD_HASH_MEMORY_KIB: String(memory),
        PASSWORD_HASH_ITERATIONS: String(passes),
      };
      expect(costOf(env)).toEqual({ memorySize: memory, iterations: passes, parallelism: 1 });
    }
  });

  it("refuses a cost below OWASP's minimum outside the tests, naming the settings", () => {
    for (const [memory, passes] of [
      [12_288, 2],
      [4_096, 10],
      [8, 1],
    ]) {
      for (const nodeEnv of ['production', 'development']) {
        const env = {
          NODE_ENV: nodeEnv,
          PASSWORD_HASH_MEMORY_KIB: String(memory),
          PASSWORD_HASH_ITERATIONS: String(passes),
        };
        expect(() => costOf(env)).toThrow(ConfigError);
        expect(() => costOf(env)).toThrow(/PASSWORD_HASH_MEMORY_KIB \(\d+\) × PASSWORD_HASH_ITERATIONS \(\d+\)/);
      }
    }
  });

  it('hashes at the least cost in the test stacks', () => {
    const env = { NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_ITERATIONS: '1' };
    expect(costOf(env)).toEqual({ memorySize: 8, iterations: 1, parallelism: 1 });
  });
});
