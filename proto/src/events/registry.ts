import type { EventDefinition } from '../common/envelope.js';
import { auditTopics } from './audit/topics.js';
import { billingTopics } from './billing/topics.js';
import { campaignsTopics } from './campaigns/topics.js';
import { ContactsContactCommandsTopic } from './contacts/commands.js';
import { contactsTopics } from './contacts/topics.js';
import { identityTopics } from './identity/topics.js';
import { privacyTopics } from './privacy/topics.js';
import { ticketsAutomationTopics } from './tickets/automation.js';
import { ticketsServiceLevelTopics } from './tickets/service-levels.js';
import { ticketsTopics } from './tickets/topics.js';
import type { TopicDefinition } from './topic.js';
import { WhatsappConnectionTokenTopic } from './whatsapp/connection-tokens.js';
import { whatsappTopics } from './whatsapp/topics.js';

const ALL_TOPICS = [
  ...identityTopics,
  ...whatsappTopics,
  ...contactsTopics,
  ...ticketsTopics,
  ...billingTopics,
  ...campaignsTopics,
  ...ticketsAutomationTopics,
  ...ticketsServiceLevelTopics,
  WhatsappConnectionTokenTopic,
  ContactsContactCommandsTopic,
  ...auditTopics,
  ...privacyTopics,
] as const;

/** Every topic of the system. Kafka topics are created from this list (broker auto-create is off). */
export const TOPICS: readonly TopicDefinition[] = ALL_TOPICS;

/** The topics marked `realtime: true`: the gateway pushes their events to browsers. */
export type RealtimeTopic = Extract<(typeof ALL_TOPICS)[number], { readonly realtime: true }>;
export type RealtimeTopicName = RealtimeTopic['name'];
export const REALTIME_TOPICS: readonly RealtimeTopic[] = ALL_TOPICS.filter(
  (topic): topic is RealtimeTopic => topic.realtime,
);

const byName = new Map(TOPICS.map((topic) => [topic.name, topic]));
const byType = new Map<string, { topic: TopicDefinition; event: EventDefinition }>(
  TOPICS.flatMap((topic) => topic.events.map((event) => [event.type, { topic, event }] as const)),
);

export const topicByName = (name: string): TopicDefinition | undefined => byName.get(name);
export const eventByType = (type: string): { topic: TopicDefinition; event: EventDefinition } | undefined =>
  byType.get(type);
export const ALL_EVENT_TYPES: readonly string[] = [...byType.keys()];
