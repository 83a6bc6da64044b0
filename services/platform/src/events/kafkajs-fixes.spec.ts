import pino from 'pino';
import { UnverifiedDependencyError, unverifiedVersions } from '../config/verified-dependencies.js';
import { KafkaEventBus } from './kafka-bus.js';
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
    const runner = descriptors(kafkaRunnerClass().prototype);
    const schedule = kafkaRequestQueueClass().prototype.scheduleCheckPendingRequests;
    new KafkaEventBus({ clientId: 'fixes-test', brokers: ['127.0.0.1:9'], logger: pino({ level: 'silent' }) });
    expect(kafkaRequestQueueClass().prototype.scheduleCheckPendingRequests).not.toBe(schedule);
    expect(descriptors(kafkaRunnerClass().prototype)).not.toEqual(runner);
  });
});
