import { ServiceEnvSchema } from '@cs/platform/config';
import { ConnectorEnvSchema } from '../../config/env.js';
import { cloudApiEnvShape } from './cloud-api.config.js';

describe('cloudApiEnvShape', () => {
  const base = { INTERNAL_TOKEN: 'x'.repeat(16), DATABASE_URL: 'postgres://localhost/db' };

  it("extends the connector's environment with Meta's Graph URL and version", () => {
    const config = ConnectorEnvSchema.extend(cloudApiEnvShape).parse(base);
    expect(config).toMatchObject({
      WHATSAPP_GRAPH_URL: 'https://graph.facebook.com',
      WHATSAPP_GRAPH_VERSION: 'v23.0',
      WHATSAPP_GRAPH_TIMEOUT_MS: 20_000,
    });
  });

  it('refuses a version that is not a Graph API version', () => {
    const schema = ServiceEnvSchema.extend(cloudApiEnvShape);
    expect(schema.safeParse({ ...base, WHATSAPP_GRAPH_VERSION: '23' }).success).toBe(false);
    expect(schema.safeParse({ ...base, WHATSAPP_GRAPH_URL: 'not a url' }).success).toBe(false);
    expect(
      schema.parse({ ...base, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999', WHATSAPP_GRAPH_VERSION: 'v24.0' }),
    ).toMatchObject({ WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999', WHATSAPP_GRAPH_VERSION: 'v24.0' });
  });
});
