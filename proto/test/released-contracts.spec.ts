/**
 * The published Kafka contract: every released topic (proto/released, `make release-contracts`) is still produced with
 * a schema its consumers and producers can keep using. A breaking change fails here, naming it and the `….v2` rule.
 */
import { TOPICS } from '@cs/proto/events';
import { contractBreaks, currentContracts, describeBreaks } from '../tools/contracts.js';
import { readReleased } from '../tools/release-contracts.js';

describe('the released Kafka contracts', () => {
  it('are released for every topic of the registry', async () => {
    const released = new Set((await readReleased()).map((topic) => topic.topic));
    expect(TOPICS.map((topic) => topic.name).filter((name) => !released.has(name))).toEqual([]);
  });

  it('take no breaking change on a released major version', async () => {
    const breaks = contractBreaks(await readReleased(), currentContracts(TOPICS));
    if (breaks.length > 0) throw new Error(describeBreaks(breaks));
  });
});
