import { z } from 'zod';
import { ConfigError, loadConfig, redactConfig, sensitive, ServiceEnvSchema } from './env.js';

describe(loadConfig.name, () => {
  it('fails listing every bad key at once', () => {
    const schema = ServiceEnvSchema.extend({ PORT: z.coerce.number().int() });
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', INTERNAL_TOKEN: 'short', KAFKA_BROKERS: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('INTERNAL_TOKEN');
    expect(problems).toContain('DATABASE_URL is required');
  });

  it('applies defaults and parses lists', () => {
    const config = loadConfig(ServiceEnvSchema, {
      INTERNAL_TOKEN: 'a-long-enough-internal-token',
      DATABASE_URL: 'postgres://u@h/db',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
    });
    expect(config.KAFKA_BROKERS).toEqual(['k1:9092', 'k2:9092']);
    expect(config.OUTBOX_RELAY).toBe('on');
    expect(config.LOG_LEVEL).toBe('info');
  });
});

describe(redactConfig.name, () => {
  it('hides the values of keys marked sensitive, even with defaults', () => {
    const schema = z.object({
      SECRET: sensitive(z.string()),
      WITH_DEFAULT: sensitive(z.string().default('x')),
      PLAIN: z.string(),
    });
    const shown = redactConfig(schema, { SECRET: 's3cr3t', WITH_DEFAULT: 'x', PLAIN: 'visible' });
    expect(shown).toEqual({ SECRET: '[redacted]', WITH_DEFAULT: '[redacted]', PLAIN: 'visible' });
  });

  it('marks the database URL and the internal token as secrets', () => {
    const shown = redactConfig(ServiceEnvSchema, {
      DATABASE_URL: 'postgres://user:pw@h/db',
      INTERNAL_TOKEN: 'token-value-123456',
    });
    expect(JSON.stringify(shown)).not.toContain('pw@');
    expect(JSON.stringify(shown)).not.toContain('token-value');
  });
});
