import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { REALTIME_TOPICS } from '@cs/proto/events';
import { RealtimeConsumer } from './realtime.consumer.js';

describe(RealtimeConsumer.name, () => {
  it('consumes every topic the proto registry marks realtime, once, and nothing else', () => {
    const prototype = RealtimeConsumer.prototype as unknown as Record<string, object>;
    const patterns = Object.getOwnPropertyNames(prototype)
      .filter((name) => name !== 'constructor')
      .flatMap(
        (name) => (Reflect.getMetadata(PATTERN_METADATA, prototype[name] as object) as string[] | undefined) ?? [],
      );
    expect([...patterns].sort()).toEqual(REALTIME_TOPICS.map((topic) => topic.name).sort());
  });
});
