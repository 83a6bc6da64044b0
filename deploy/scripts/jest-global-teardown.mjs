import { registerTsHooks } from './ts-hooks.mjs';

registerTsHooks();

export default async function globalTeardown(globalConfig, projectConfig) {
  const { default: teardown } = await import('../../services/platform/src/testing/global-teardown.ts');
  try {
    return await teardown(globalConfig, projectConfig);
  } finally {
    // the containers of TEST_INFRA=containers, after the run's database and topics are dropped
    await globalThis.__csTestInfra?.stop();
  }
}
