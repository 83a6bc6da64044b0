import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { UnverifiedDependencyError, unverifiedVersions } from '../config/verified-dependencies.js';
import { repoRoot } from '../testing/repo.js';
import { KAFKAJS_FIXES, kafkajsVersionOf } from './kafkajs-fixes.js';
import { commitKafkaOffsetsByInterval, kafkaRunnerClass } from './kafkajs-offset-commits.js';
import { fixKafkaRequestQueueIdleLoop, kafkaRequestQueueClass } from './kafkajs-request-queue.js';

const descriptors = (prototype: object) => Object.getOwnPropertyDescriptors(prototype);

describe('the kafkajs fixes', () => {
  it('were verified against the kafkajs this repository installs', () => {
    expect(unverifiedVersions(KAFKAJS_FIXES, kafkajsVersionOf)).toEqual([]);
  });

  it('refuse to install on a kafkajs they were not verified against, leaving kafkajs as it is', () => {
    const runner = descriptors(kafkaRunnerClass().prototype);
    const queue = descriptors(kafkaRequestQueueClass().prototype);
    const next = () => '2.2.5';
    expect(() => commitKafkaOffsetsByInterval(1_000, next)).toThrow(UnverifiedDependencyError);
    expect(() => fixKafkaRequestQueueIdleLoop(next)).toThrow(
      /kafkajs 2\.2\.5 \(verified: 2\.2\.4\).*proto\/adr\/0008-kafkajs-runtime-fixes\.md/,
    );
    expect(descriptors(kafkaRunnerClass().prototype)).toEqual(runner);
    expect(descriptors(kafkaRequestQueueClass().prototype)).toEqual(queue);
  });

  it("are installed by the services' Kafka bus before it makes its first client", () => {
    // a process of its own: in this one, other test files may have installed the fixes already
    const script = `
      import pino from 'pino';
      import { KafkaEventBus } from ${JSON.stringify(new URL('./kafka-bus.ts', import.meta.url).href)};
      import { kafkaRunnerClass } from ${JSON.stringify(new URL('./kafkajs-offset-commits.ts', import.meta.url).href)};
      import { kafkaRequestQueueClass } from ${JSON.stringify(new URL('./kafkajs-request-queue.ts', import.meta.url).href)};
      const methods = () => [kafkaRequestQueueClass().prototype.scheduleCheckPendingRequests,
        kafkaRunnerClass().prototype.autoCommitOffsets, kafkaRunnerClass().prototype.heartbeat];
      const before = methods();
      new KafkaEventBus({ clientId: 'fixes-test', brokers: ['127.0.0.1:9'], logger: pino({ level: 'silent' }) });
      process.stdout.write(JSON.stringify(methods().map((method, index) => method !== before[index])));
    `;
    const registerTs = join(repoRoot(), 'deploy', 'scripts', 'register-ts.mjs');
    const changed = execFileSync(process.execPath, ['--import', registerTs, '--input-type=module', '-e', script], {
      cwd: repoRoot(),
      encoding: 'utf8',
    });
    expect(JSON.parse(changed)).toEqual([true, true, true]);
  });
});
