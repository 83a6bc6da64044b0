// Jest loads global setup outside its module system: register the TypeScript hooks, then run the real one.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);

export default async function globalSetup(globalConfig, projectConfig) {
  const { default: setup } = await import('../../services/platform/src/testing/global-setup.ts');
  return setup(globalConfig, projectConfig);
}
