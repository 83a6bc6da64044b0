import type { TestRunState } from './global-setup.js';
import { deleteTopics, forgetWorkerTopics } from './kafka.js';
import { dropDatabase } from './postgres.js';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { __csTestRun?: TestRunState }).__csTestRun;
  if (!state) return;
  if (process.env['KEEP_TEST_DB'] !== '1') {
    await Promise.all(
      state.databases.map((database) => dropDatabase(state.server.adminUrl, database).catch(() => undefined)),
    );
    await deleteTopics(state.brokers, state.topicPrefix).catch(() => undefined);
  }
  forgetWorkerTopics(state.topicPrefix);
  await state.server.stop();
}
