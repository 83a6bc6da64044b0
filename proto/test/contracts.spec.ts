import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvelopeSchema } from '@cs/proto/common';
import { ERROR_CATALOGUE, ERROR_CODES, EventErrorCodeSchema, SPEC_ERROR_CODES } from '@cs/proto/errors';
import { ALL_EVENT_TYPES, eventByType, TOPIC_NAME_PATTERN, TOPICS } from '@cs/proto/events';

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixturesDir = join(protoDir, 'fixtures', 'events');
const fixtureFiles = readdirSync(fixturesDir).filter((file) => file.endsWith('.json'));
const readFixture = (type: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(fixturesDir, `${type}.json`), 'utf8')) as Record<string, unknown>;

describe('topic registry', () => {
  it('names every topic <owner>.<aggregate>.v<major> (commands: <target>.<aggregate>.commands.v<major>)', () => {
    for (const topic of TOPICS) {
      expect(topic.name).toMatch(TOPIC_NAME_PATTERN);
      expect(topic.name.startsWith(`${topic.owner}.${topic.aggregate}.`)).toBe(true);
    }
  });

  it('has unique topic names and unique event types, each prefixed by its topic owner', () => {
    expect(new Set(TOPICS.map((topic) => topic.name)).size).toBe(TOPICS.length);
    const types = TOPICS.flatMap((topic) => topic.events.map((event) => event.type));
    expect(new Set(types).size).toBe(types.length);
    for (const topic of TOPICS) {
      for (const event of topic.events) expect(event.type.startsWith(`${topic.owner}.`)).toBe(true);
    }
  });
});

describe('event fixtures', () => {
  it('has exactly one fixture per event type', () => {
    const fixtureTypes = fixtureFiles.map((file) => file.replace(/\.json$/, '')).sort();
    expect(fixtureTypes).toEqual([...ALL_EVENT_TYPES].sort());
  });

  it.each([...ALL_EVENT_TYPES])('%s: its fixture parses as the envelope, the event and the topic union', (type) => {
    const fixture = readFixture(type);
    const registered = eventByType(type);
    expect(registered).toBeDefined();
    expect(EnvelopeSchema.safeParse(fixture).success).toBe(true);
    const asEvent = registered?.event.schema.safeParse(fixture);
    expect(asEvent?.error?.issues ?? []).toEqual([]);
    expect(registered?.topic.schema.safeParse(fixture).success).toBe(true);
  });

  it('rejects an event whose data breaks its schema', () => {
    const fixture = readFixture('tickets.ticket.updated');
    const broken = { ...fixture, data: { ...(fixture['data'] as object), ticket: { status: 'archived' } } };
    expect(eventByType('tickets.ticket.updated')?.topic.schema.safeParse(broken).success).toBe(false);
  });

  it('rejects an envelope without a company', () => {
    const { companyId: _dropped, ...fixture } = readFixture('identity.company.created');
    expect(EnvelopeSchema.safeParse(fixture).success).toBe(false);
  });

  it('tolerates new optional fields an older consumer does not know (objects are not strict)', () => {
    const fixture = readFixture('whatsapp.message.ack');
    const extended = { ...fixture, data: { ...(fixture['data'] as object), deviceCount: 2 } };
    expect(eventByType('whatsapp.message.ack')?.event.schema.safeParse(extended).success).toBe(true);
  });
});

describe('error catalogue', () => {
  it('keeps the codes added after the released events out of their error fields, not out of HTTP answers', () => {
    expect(EventErrorCodeSchema.safeParse('ERR_SENDING_WAPP_MSG').success).toBe(true);
    expect(EventErrorCodeSchema.safeParse('ERR_TWO_FACTOR_INVALID_CODE').success).toBe(false);
    expect(ERROR_CODES).toContain('ERR_TWO_FACTOR_INVALID_CODE');
  });

  it('contains every error code of the spec', () => {
    for (const code of SPEC_ERROR_CODES) expect(ERROR_CATALOGUE).toHaveProperty(code);
  });

  it('gives every code an HTTP error status and a Portuguese message', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(code).toMatch(/^ERR_[A-Z_]+$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.message.length).toBeGreaterThan(5);
    }
  });

  it('uses 401 (log out) only for sign-in answers and ended sessions; token problems are 403 (refresh)', () => {
    const unauthorized = Object.entries(ERROR_CATALOGUE)
      .filter(([, entry]) => entry.status === 401)
      .map(([code]) => code);
    // the second step of a sign-in: no session exists yet, so the client is (still) logged out
    expect(unauthorized.sort()).toEqual([
      'ERR_INVALID_CREDENTIALS',
      'ERR_SESSION_EXPIRED',
      'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
      'ERR_TWO_FACTOR_ENROLMENT_REQUIRED',
      'ERR_TWO_FACTOR_REQUIRED',
    ]);
    expect(ERROR_CATALOGUE.ERR_INVALID_TOKEN.status).toBe(403);
  });
});

describe('generated AsyncAPI document', () => {
  it('lists every topic of the registry with every event type', () => {
    const document = JSON.parse(readFileSync(join(protoDir, 'generated', 'asyncapi.json'), 'utf8')) as {
      channels: Record<string, { messages: Record<string, unknown> }>;
    };
    expect(Object.keys(document.channels).sort()).toEqual(TOPICS.map((topic) => topic.name).sort());
    for (const topic of TOPICS) {
      expect(Object.keys(document.channels[topic.name]?.messages ?? {}).sort()).toEqual(
        topic.events.map((event) => event.type).sort(),
      );
    }
  });
});
