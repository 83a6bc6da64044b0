/**
 * `make release-contracts [RETIRE=<topic>,...]`: writes the current contract of every topic to
 * proto/released/<topic>.json, the snapshot `make test` compares the registry with (proto/test/released-contracts.spec.ts).
 * Run it when a release publishes the topics. It refuses a breaking change as the test does; a topic retired by ADR
 * (gone from the registry) is dropped from the snapshot only when named in RETIRE.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOPICS } from '@cs/proto/events';
import { contractBreaks, currentContracts, describeBreaks, type ReleasedTopic } from './contracts.js';

export const releasedDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'released');

/** The released snapshot, one file per topic. */
export async function readReleased(dir = releasedDir): Promise<ReleasedTopic[]> {
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(join(dir, file), 'utf8')) as ReleasedTopic));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const retire = new Set(
    (process.env['RETIRE'] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const current = currentContracts(TOPICS);
  const released = await readReleased();
  const unknown = [...retire].filter((name) => !released.some((topic) => topic.topic === name));
  if (unknown.length > 0) throw new Error(`RETIRE names topics that were never released: ${unknown.join(', ')}`);
  const stillThere = [...retire].filter((name) => current.some((topic) => topic.topic === name));
  if (stillThere.length > 0) throw new Error(`RETIRE names topics still in the registry: ${stillThere.join(', ')}`);
  const breaks = contractBreaks(
    released.filter((topic) => !retire.has(topic.topic)),
    current,
  );
  if (breaks.length > 0) {
    console.error(describeBreaks(breaks));
    process.exit(1);
  }
  await mkdir(releasedDir, { recursive: true });
  for (const topic of current) {
    await writeFile(join(releasedDir, `${topic.topic}.json`), `${JSON.stringify(topic, null, 2)}\n`);
  }
  for (const name of retire) await rm(join(releasedDir, `${name}.json`));
  console.log(`released the contracts of ${current.length} topics to proto/released`);
}
