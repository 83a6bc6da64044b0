import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);

export default async function globalTeardown(globalConfig, projectConfig) {
  const { default: teardown } = await import('../../services/platform/src/testing/global-teardown.ts');
  return teardown(globalConfig, projectConfig);
}
