import type { Envelope } from '@cs/proto/common';
import type { RealtimeTopic, TypedEvent } from '@cs/proto/events';
import type { Emission, UserSnapshotEmission } from '../emission.js';
import { projectCampaign, projectFileList } from './campaigns.js';
import { projectPrompt, projectQueueIntegration } from './automation.js';
import { projectContact, projectContactList, projectImport } from './contacts.js';
import { projectAnnouncement, projectCompany, projectSetting, projectUser } from './identity.js';
import { projectErasureRequest } from './privacy.js';
import {
  projectChat,
  projectMessage,
  projectQueue,
  projectQuickMessage,
  projectSchedule,
  projectTag,
  projectTicket,
} from './tickets.js';
import { projectServiceLevel } from './service-levels.js';
import { projectConnection } from './whatsapp.js';

/** What a projection returns: emissions, and for users the ones the consumer serializes first. */
export type Projected = Emission | UserSnapshotEmission;
type Projection<T extends RealtimeTopic> = (event: TypedEvent<T>) => Projected[];

/**
 * The projection `(event) => [{ event, payload, rooms }]` of every topic marked `realtime: true` in the proto
 * registry (the one place that makes a topic a socket topic; the gateway consumes exactly those topics), keyed and
 * typed by topic: a topic marked realtime without its projection here, or a projection that misses one of the
 * topic's event types or emits a payload its socket event does not declare, does not compile.
 */
export const PROJECTIONS: { readonly [T in RealtimeTopic as T['name']]: Projection<T> } = {
  'tickets.ticket.v1': projectTicket,
  'tickets.message.v1': projectMessage,
  'tickets.queue.v1': projectQueue,
  'tickets.tag.v1': projectTag,
  'tickets.quick-message.v1': projectQuickMessage,
  'tickets.schedule.v1': projectSchedule,
  'tickets.chat.v1': projectChat,
  'contacts.contact.v1': projectContact,
  'contacts.contact-list.v1': projectContactList,
  'contacts.import.v1': projectImport,
  'whatsapp.connection.v1': projectConnection,
  'identity.user.v1': projectUser,
  'identity.settings.v1': projectSetting,
  'identity.announcement.v1': projectAnnouncement,
  'identity.company.v1': projectCompany,
  'campaigns.campaign.v1': projectCampaign,
  'campaigns.file-list.v1': projectFileList,
  'tickets.prompt.v1': projectPrompt,
  'tickets.queue-integration.v1': projectQueueIntegration,
  'tickets.service-level.v1': projectServiceLevel,
  'privacy.erasure-request.v1': projectErasureRequest,
};

/** The emissions of one event of a realtime topic (none for another topic). */
export const project = (topic: string, event: Envelope): Projected[] => {
  const projection = (PROJECTIONS as Readonly<Record<string, Projection<RealtimeTopic>>>)[topic];
  // the event server parsed the event with this topic's schema
  return projection ? projection(event as TypedEvent<RealtimeTopic>) : [];
};
