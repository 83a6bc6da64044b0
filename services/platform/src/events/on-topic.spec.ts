import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import pino from 'pino';
import { assertUnreachable, type EventOf } from '@cs/proto/common';
import {
  type CompanyCreated,
  dlqTopicOf,
  IdentityCompanyTopic,
  IdentitySettingsTopic,
  IdentityUserTopic,
  type TypedEvent,
} from '@cs/proto/events';
import { repoRoot } from '../testing/repo.js';
import type { EventContext } from './event-context.js';
import { EventServer } from './event-server.js';
import { InProcessEventBus } from './in-process-bus.js';
import { InBatches, OnTopic, type OnTopicExtras } from './on-topic.js';

const fixture = (type: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', `${type}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

type Seen = { topic: string; type: string; detail: string };
const seen: Seen[] = [];

@Controller()
class Handlers {
  @OnTopic(IdentityCompanyTopic)
  onCompany(event: TypedEvent<typeof IdentityCompanyTopic>, ctx: EventContext): void {
    switch (event.type) {
      case 'identity.company.created':
      case 'identity.company.updated':
      case 'identity.company.renewed':
        seen.push({ topic: ctx.topic, type: event.type, detail: `${event.data.name} due ${event.data.dueDate}` });
        return;
      case 'identity.company.deleted':
        seen.push({ topic: ctx.topic, type: event.type, detail: `deleted ${event.data.id}` });
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(IdentitySettingsTopic)
  onSetting(event: TypedEvent<typeof IdentitySettingsTopic>): void {
    seen.push({ topic: 'settings', type: event.type, detail: Object.keys(event.data).sort().join(',') });
  }
}

// compile-time check: a method that takes one event type only cannot subscribe to the whole topic
export class NarrowHandler {
  // @ts-expect-error the topic also carries updated, deleted and renewed events
  @OnTopic(IdentityCompanyTopic)
  onCreated(event: EventOf<typeof CompanyCreated>): void {
    seen.push({ topic: '', type: event.type, detail: '' });
  }
}

@Module({ controllers: [Handlers] })
class HandlersModule {}

describe(OnTopic.name, () => {
  let bus: InProcessEventBus;
  let app: INestMicroservice;
  const deadLetters: Array<{ reason: string | undefined; type: string }> = [];

  const publish = async (topic: string, event: Record<string, unknown>) =>
    bus.publish([{ topic, key: '42', value: JSON.stringify(event), headers: {} }]);
  const eventually = async (check: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify({ seen, deadLetters })}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    bus = new InProcessEventBus();
    await bus.connect();
    for (const topic of [IdentityCompanyTopic.name, IdentitySettingsTopic.name]) {
      await bus.subscribe({
        groupId: 'dlq-watch',
        topics: [dlqTopicOf(topic)],
        handle: async (message) =>
          void deadLetters.push({
            reason: message.headers['dlq-reason'],
            type: (JSON.parse(message.value) as { type: string }).type,
          }),
      });
    }
    const server = new EventServer({
      bus,
      groupId: 'on-topic.spec',
      logger: pino({ level: process.env['DEBUG_SPEC'] ? 'error' : 'silent' }),
      idempotency: { kind: 'memory' },
      backoffMs: () => 1,
    });
    app = await NestFactory.createMicroservice(HandlersModule, { strategy: server, logger: false });
    await app.listen();
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => {
    seen.length = 0;
    deadLetters.length = 0;
  });

  it('subscribes the method to its topic and hands it the parsed event of each declared type', async () => {
    await publish(IdentityCompanyTopic.name, fixture('identity.company.created'));
    await publish(IdentityCompanyTopic.name, fixture('identity.company.deleted'));
    await eventually(() => seen.length === 2);
    expect(seen).toEqual([
      {
        topic: 'identity.company.v1',
        type: 'identity.company.created',
        detail: 'Padaria Pão Dourado Ltda due 2026-11-23',
      },
      { topic: 'identity.company.v1', type: 'identity.company.deleted', detail: 'deleted 42' },
    ]);
  });

  it('hands over what the schema parsed, not the raw message (fields the schema does not know are dropped)', async () => {
    const event = fixture('identity.setting.updated');
    await publish(IdentitySettingsTopic.name, { ...event, data: { ...(event['data'] as object), injected: 'x' } });
    await eventually(() => seen.length === 1);
    expect(seen[0]).toEqual({ topic: 'settings', type: 'identity.setting.updated', detail: 'key,value' });
  });

  it('refuses data that fails its type schema: the handler never runs and the event goes to the DLQ', async () => {
    const event = fixture('identity.company.created');
    await publish(IdentityCompanyTopic.name, { ...event, data: { ...(event['data'] as object), dueDate: 42 } });
    await publish(IdentityCompanyTopic.name, { ...fixture('identity.company.deleted'), data: { id: 'forty-two' } });
    await eventually(() => deadLetters.length === 2);
    expect(deadLetters).toEqual([
      { reason: 'invalid-data', type: 'identity.company.created' },
      { reason: 'invalid-data', type: 'identity.company.deleted' },
    ]);
    expect(seen).toEqual([]);
  });

  it('skips an event type its topic does not declare, without a dead letter, and goes on with the next', async () => {
    await publish(IdentityCompanyTopic.name, {
      ...fixture('identity.company.created'),
      type: 'identity.company.merged',
    });
    await publish(IdentityCompanyTopic.name, fixture('identity.company.renewed'));
    await eventually(() => seen.length === 1);
    expect(seen.map((entry) => entry.type)).toEqual(['identity.company.renewed']);
    expect(deadLetters).toEqual([]);
  });

  it('refuses to decorate a method with no topic or with the same topic twice', () => {
    expect(() => OnTopic()).toThrow('at least one topic');
    expect(() => OnTopic(IdentityCompanyTopic, IdentityCompanyTopic)).toThrow('twice');
  });
});

@Controller()
class BatchedHandlers {
  @InBatches()
  @OnTopic(IdentityCompanyTopic)
  onCompany(): void {}

  @OnTopic(IdentitySettingsTopic)
  @InBatches()
  onSetting(): void {}

  @OnTopic(IdentityUserTopic)
  onUser(): void {}
}

@Module({ controllers: [BatchedHandlers] })
class BatchedModule {}

describe(InBatches.name, () => {
  it('marks the method for batches whether written above or below @OnTopic; other methods stay one by one', async () => {
    const server = new EventServer({
      bus: new InProcessEventBus(),
      groupId: 'in-batches.spec',
      logger: pino({ level: 'silent' }),
      idempotency: { kind: 'memory' },
    });
    const app = await NestFactory.createMicroservice(BatchedModule, { strategy: server, logger: false });
    await app.listen();
    try {
      const batch = (topic: string) =>
        (server.getHandlerByPattern(topic)?.extras as OnTopicExtras | undefined)?.batch ?? false;
      expect(
        [IdentityCompanyTopic, IdentitySettingsTopic, IdentityUserTopic].map((topic) => batch(topic.name)),
      ).toEqual([true, true, false]);
    } finally {
      await app.close();
    }
  });
});

describe(assertUnreachable.name, () => {
  it('names the unhandled type and nothing else of the value', () => {
    expect(() => assertUnreachable({ type: 'x.y.created', data: { phone: '5511999' } } as never)).toThrow(
      'unhandled event type: x.y.created',
    );
  });
});
