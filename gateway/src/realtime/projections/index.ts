import type { Envelope } from '@cs/proto/common';
import type { Emission } from '../emission.js';
import { projectCampaign, projectFileList } from './campaigns.js';
import { projectPrompt, projectQueueIntegration } from './automation.js';
import { projectContact, projectContactList, projectImport } from './contacts.js';
import { projectAnnouncement, projectCompany, projectSetting, projectUser } from './identity.js';
import {
  projectChat,
  projectMessage,
  projectQueue,
  projectQuickMessage,
  projectSchedule,
  projectTag,
  projectTicket,
} from './tickets.js';
import { projectConnection } from './whatsapp.js';

type Projection = (event: never) => Emission[];

/**
 * Every topic that maps to a socket channel, with its projection `(event) => [{ event, payload, rooms }]` to the
 * spec's payload shapes. A topic added to the proto registry must be listed here or in NOT_PROJECTED (a unit
 * test enforces it), so a new owner's events are never silently missing from the browsers.
 */
export const PROJECTIONS: Readonly<Record<string, Projection>> = {
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
};

/** Topics the gateway consumes only for its own state (no socket channel). */
export const STATE_TOPICS: readonly string[] = [];

/** Topics no browser sees: commands, the inbound pipeline, acks (they surface as tickets' message events). */
export const NOT_PROJECTED: readonly string[] = [
  'identity.plan.v1',
  'whatsapp.inbound-message.v1',
  'whatsapp.message-ack.v1',
  'whatsapp.contact.v1',
  'whatsapp.contact.commands.v1',
  'whatsapp.message.commands.v1',
  'contacts.inbound-message.v1',
  'billing.payment.v1',
  'whatsapp.connection-token.v1',
  'contacts.contact.commands.v1',
];

export const project = (topic: string, event: Envelope): Emission[] => {
  const projection = PROJECTIONS[topic];
  return projection ? projection(event as never) : [];
};
