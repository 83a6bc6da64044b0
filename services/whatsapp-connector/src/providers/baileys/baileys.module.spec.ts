import { NestFactory } from '@nestjs/core';
import { SessionNotReadyError, type SessionContext } from '../provider.port.js';
import { BaileysEnvSchema, baileysOptionsFromEnv } from './baileys.config.js';
import { BaileysModule } from './baileys.module.js';
import { BaileysProvider } from './baileys.provider.js';
import { WA_SOCKET_FACTORY } from './baileys.port.js';
import { RealWaSocketFactory } from './real-socket.factory.js';

describe(BaileysModule.name, () => {
  it('reads the WhatsApp Web version override and the backoff caps from the environment', () => {
    const env = BaileysEnvSchema.parse({ BAILEYS_WA_VERSION: '2.3000.1043857760', BAILEYS_BACKOFF_CAP_MS: '60000' });
    expect(baileysOptionsFromEnv(env)).toEqual({
      waVersion: [2, 3000, 1043857760],
      backoffBaseMs: 2_000,
      backoffCapMs: 60_000,
      stableAfterMs: 300_000,
      maxRetries: 10,
      maxRestarts: 3,
      messageRetentionDays: 30,
    });
    expect(baileysOptionsFromEnv(BaileysEnvSchema.parse({})).waVersion).toBeNull();
    expect(() => BaileysEnvSchema.parse({ BAILEYS_WA_VERSION: '2.3000' })).toThrow(/major\.minor\.patch/);
  });

  it("provides the 'baileys' session provider, which builds no socket before a session starts", async () => {
    const app = await NestFactory.createApplicationContext(BaileysModule.forRoot({}), { logger: false });
    const provider = app.get(BaileysProvider);
    expect(provider.name).toBe('baileys');
    expect(app.get(WA_SOCKET_FACTORY)).toBeInstanceOf(RealWaSocketFactory);
    const session = provider.open({ connection: { id: 7, companyId: 2 } } as SessionContext);
    await expect(session.listContacts()).rejects.toBeInstanceOf(SessionNotReadyError);
    await session.stop();
    await app.close();
  });
});
