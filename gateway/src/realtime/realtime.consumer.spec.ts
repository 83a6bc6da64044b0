import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { PROJECTIONS, STATE_TOPICS } from './projections/index.js';
import { RealtimeConsumer } from './realtime.consumer.js';

describe(RealtimeConsumer.name, () => {
  it('consumes every projected topic and every state topic, and nothing else', () => {
    const prototype = RealtimeConsumer.prototype as unknown as Record<string, object>;
    const patterns = Object.getOwnPropertyNames(prototype)
      .filter((name) => name !== 'constructor')
      .flatMap(
        (name) => (Reflect.getMetadata(PATTERN_METADATA, prototype[name] as object) as string[] | undefined) ?? [],
      );
    expect([...patterns].sort()).toEqual([...Object.keys(PROJECTIONS), ...STATE_TOPICS].sort());
  });
});
