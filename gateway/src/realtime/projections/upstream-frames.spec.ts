/**
 * The frames the established Whaticket web client reads, against frames recorded from the established back end
 * (`proto/fixtures/upstream/frame.*.json`): the projection of each event fixture carries every field there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Envelope } from '@cs/proto/common';
import { eventByType } from '@cs/proto/events';
import {
  CampaignSchema,
  ContactListItemSchema,
  ContactListSchema,
  QueueViewSchema,
  QuickMessageViewSchema,
  ScheduleSchema,
  SessionUserSchema,
  TagSchema,
  UserResponseSchema,
} from '@cs/proto/http';
import { repoRoot, upstreamFixture, upstreamGaps } from '@cs/platform/testing';
import type { Emission } from '../emission.js';
import { project } from './index.js';

const event = (type: string): Envelope =>
  JSON.parse(readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', `${type}.json`), 'utf8')) as Envelope;

/** The payloads of `type`'s fixture on the socket event named like the recorded one (`{companyId}`: 42). */
const framesOf = (type: string, recorded: string): unknown[] => {
  const name = recorded.replace('{companyId}', '42');
  return project(eventByType(type)?.topic.name ?? '', event(type))
    .filter((projected): projected is Emission => 'payload' in projected && projected.event === name)
    .map((emission) => emission.payload);
};

describe('frames of the established client', () => {
  it.each([
    ['frame.company-campaign.create', 'campaigns.campaign.created'],
    ['frame.company-chat.new-message', 'tickets.chat.message-created'],
  ])('%s: the projection of %s carries every field the established back end sent', (name, type) => {
    const frames = framesOf(type, upstreamFixture(name).recorded);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(upstreamGaps(name, frame)).toEqual([]);
  });

  it("a new chat message names its chat's members inside the message, on every chat channel", () => {
    const type = 'tickets.chat.message-created';
    for (const channel of [
      'company-{companyId}-chat',
      'company-{companyId}-chat-9',
      'company-{companyId}-chat-user-318',
    ]) {
      const frames = framesOf(type, channel) as Array<{ newMessage: { chat: { users: Array<{ userId: number }> } } }>;
      expect(frames).toHaveLength(1);
      expect(frames[0]?.newMessage.chat.users.map((member) => member.userId)).toEqual([317, 318]);
    }
  });
});

describe('records of the entity frames', () => {
  // each entity's frame, the field holding its record there, and what its REST routes answer for one
  it.each([
    ['campaigns.campaign.created', 'company-42-campaign', 'record', CampaignSchema],
    ['campaigns.campaign.updated', 'company-42-campaign', 'record', CampaignSchema],
    ['contacts.contact-list.created', 'company-42-ContactList', 'record', ContactListSchema],
    ['contacts.contact-list.updated', 'company-42-ContactList', 'record', ContactListSchema],
    ['contacts.contact-list-item.created', 'company-42-ContactListItem', 'record', ContactListItemSchema],
    ['contacts.contact-list-item.updated', 'company-42-ContactListItem', 'record', ContactListItemSchema],
    ['tickets.schedule.created', 'company42-schedule', 'schedule', ScheduleSchema],
    ['tickets.schedule.updated', 'company42-schedule', 'schedule', ScheduleSchema],
    ['tickets.tag.created', 'company-42-tag', 'tag', TagSchema],
    ['tickets.tag.updated', 'company-42-tag', 'tag', TagSchema],
    ['tickets.quick-message.created', 'company42-quickemessage', 'record', QuickMessageViewSchema],
    ['tickets.quick-message.updated', 'company42-quickemessage', 'record', QuickMessageViewSchema],
    ['tickets.queue.created', 'company-42-queue', 'queue', QueueViewSchema],
    ['tickets.queue.updated', 'company-42-queue', 'queue', QueueViewSchema],
  ] as const)('%s: the %s frame carries everything the REST answer does', (type, name, field, schema) => {
    const payloads = project(eventByType(type)?.topic.name ?? '', event(type))
      .filter((projected): projected is Emission => 'payload' in projected && projected.event === name)
      .map((emission) => emission.payload as Record<string, unknown>);
    expect(payloads.length).toBeGreaterThan(0);
    const record = payloads[0]?.[field];
    expect(schema.safeParse(record).error?.issues ?? []).toEqual([]);
    expect(Object.keys(record as object).sort()).toEqual(expect.arrayContaining(Object.keys(schema.shape).sort()));
  });

  it("company-{id}-user: the consumer sends identity's serialized user, which carries everything /users answers", () => {
    expect(Object.keys(SessionUserSchema.shape)).toEqual(expect.arrayContaining(Object.keys(UserResponseSchema.shape)));
  });
});
