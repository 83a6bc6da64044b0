// Jest loads global setup outside its module system: register the TypeScript hooks, then run the real one.
import { startTestInfra } from './test-infra.mjs';
import { registerTsHooks } from './ts-hooks.mjs';

registerTsHooks();

export default async function globalSetup(globalConfig, projectConfig) {
  // TEST_INFRA=containers: PostgreSQL and Kafka in containers for this run (see test-infra.mjs); default: the machine's
  globalThis.__csTestInfra = await startTestInfra();
  const { default: setup } = await import('../../services/platform/src/testing/global-setup.ts');
  try {
    return await setup(globalConfig, projectConfig);
  } catch (error) {
    // Jest runs no teardown after a failed setup: stop what was started here
    await globalThis.__csTestInfra.stop();
    throw error;
  }
}
