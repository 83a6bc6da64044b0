import { z } from 'zod';
import { defineEvent } from '@cs/proto/common';
import {
  type BreakKind,
  contractBreaks,
  describeBreaks,
  eventJsonSchema,
  nextMajor,
  type ReleasedTopic,
} from './contracts.js';

const TicketData = z.object({
  id: z.number().int().positive(),
  status: z.enum(['pending', 'open', 'closed']),
  lastMessage: z.string(),
  queueId: z.number().int().positive().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  note: z.string().optional(),
});

/** A topic `tickets.ticket.v1` whose `tickets.ticket.updated` carries `data`, as released or as it is now. */
const topicWith = (data: z.ZodType, extra: Array<[string, z.ZodType]> = []): ReleasedTopic => ({
  topic: 'tickets.ticket.v1',
  events: Object.fromEntries(
    [['tickets.ticket.updated', data] as [string, z.ZodType], ...extra].map(([type, schema]) => [
      type,
      eventJsonSchema(defineEvent(type, schema, { description: 'A ticket changed.' })),
    ]),
  ),
});

const released = [topicWith(TicketData)];
const breaksOf = (now: ReleasedTopic[]) => contractBreaks(released, now).map(({ kind, path }) => ({ kind, path }));

describe(contractBreaks.name, () => {
  it('accepts the released contract as it is', () => {
    expect(contractBreaks(released, [topicWith(TicketData)])).toEqual([]);
  });

  it('accepts additive changes: a new optional field, a new event type, a new topic, a schemaVersion bump', () => {
    const now = [
      topicWith(TicketData.extend({ unreadMessages: z.number().int().optional() }), [
        ['tickets.ticket.transferred', z.object({ id: z.number().int() })],
      ]),
      { topic: 'tickets.ticket.v2', events: {} },
    ];
    expect(contractBreaks(released, now)).toEqual([]);
    const bumped = eventJsonSchema(
      defineEvent('tickets.ticket.updated', TicketData, { description: 'A ticket changed.', schemaVersion: 2 }),
    );
    expect(
      contractBreaks(released, [{ topic: 'tickets.ticket.v1', events: { 'tickets.ticket.updated': bumped } }]),
    ).toEqual([]);
  });

  it.each<[string, z.ZodType, BreakKind, string]>([
    ['a field removed', TicketData.omit({ lastMessage: true }), 'field removed', 'data.lastMessage'],
    [
      'a field of a nested array item removed',
      TicketData.extend({ tags: z.array(z.object({ id: z.number().int() })) }),
      'field removed',
      'data.tags.[].name',
    ],
    ['a type changed', TicketData.extend({ id: z.string() }), 'type changed', 'data.id'],
    ['an integer made any number', TicketData.extend({ id: z.number() }), 'type changed', 'data.id'],
    [
      'a field made nullable',
      TicketData.extend({ lastMessage: z.string().nullable() }),
      'type changed',
      'data.lastMessage',
    ],
    [
      'a nullable field made not nullable',
      TicketData.extend({ queueId: z.number().int().positive() }),
      'type changed',
      'data.queueId',
    ],
    ['a format changed', TicketData.extend({ lastMessage: z.email() }), 'format changed', 'data.lastMessage'],
    [
      'an optional field made required',
      TicketData.extend({ note: z.string() }),
      'optional field made required',
      'data.note',
    ],
    [
      'a required field made optional',
      TicketData.extend({ lastMessage: z.string().optional() }),
      'required field made optional',
      'data.lastMessage',
    ],
    ['a new required field', TicketData.extend({ channel: z.string() }), 'new required field', 'data.channel'],
    [
      'an enum value removed',
      TicketData.extend({ status: z.enum(['pending', 'open']) }),
      'enum value removed',
      'data.status',
    ],
    [
      'an enum value added',
      TicketData.extend({ status: z.enum(['pending', 'open', 'closed', 'lost']) }),
      'enum value added',
      'data.status',
    ],
    ['an enum dropped', TicketData.extend({ status: z.string() }), 'enum value added', 'data.status'],
  ])('refuses %s', (_, data, kind, path) => {
    expect(breaksOf([topicWith(data)])).toEqual([{ kind, path }]);
  });

  it('refuses an event type or a topic removed', () => {
    expect(breaksOf([{ topic: 'tickets.ticket.v1', events: {} }])).toEqual([{ kind: 'event type removed', path: '' }]);
    expect(breaksOf([])).toEqual([{ kind: 'topic removed', path: '' }]);
  });

  it("refuses a changed constant, such as an event's type literal", () => {
    const renamed = topicWith(TicketData);
    const schema = renamed.events['tickets.ticket.updated']!;
    const properties = schema['properties'] as Record<string, object>;
    const changed = {
      ...schema,
      properties: { ...properties, type: { type: 'string', const: 'tickets.ticket.changed' } },
    };
    expect(breaksOf([{ ...renamed, events: { 'tickets.ticket.updated': changed } }])).toEqual([
      { kind: 'constant changed', path: 'type' },
    ]);
  });
});

describe(describeBreaks.name, () => {
  it('names each break and points to the next major topic and the versioning rule', () => {
    const message = describeBreaks(contractBreaks(released, [topicWith(TicketData.omit({ lastMessage: true }))]));
    expect(message).toContain(
      '- tickets.ticket.v1 tickets.ticket.updated at data.lastMessage: field removed (lastMessage is gone)',
    );
    expect(message).toContain('on a new topic (tickets.ticket.v2)');
    expect(message).toContain('proto/README.md, "Versioning"');
  });

  it('numbers the next major', () => {
    expect(nextMajor('whatsapp.message.commands.v1')).toBe('whatsapp.message.commands.v2');
    expect(nextMajor('tickets.ticket.v9')).toBe('tickets.ticket.v10');
  });
});
