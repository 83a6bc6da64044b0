import {
  OutboxIdAfterXid1765000000000,
  OutboxJsonPayload1764800000000,
  OutboxQuietNotify1764500000000,
  PlatformTables1700000000000,
} from '@cs/platform/database';
import { CreateTickets1732100000000 } from './1732100000000-create-tickets.js';
import { TagsNotesSchedulesDashboard1732200000000 } from './1732200000000-tags-notes-schedules-dashboard.js';
import { TicketListCoveringIndexes1732300000000 } from './1732300000000-ticket-list-covering-indexes.js';
import { InternalChats1732419000000 } from './1732419000000-internal-chats.js';
import { Automation1764000000000 } from './1764000000000-automation.js';
import { DashboardDaily1764100000000 } from './1764100000000-dashboard-daily.js';
import { DashboardLeads1764100000001 } from './1764100000001-dashboard-leads.js';
import { ContactsById1764600000000 } from './1764600000000-contacts-by-id.js';
import { DashboardLeadsByPrevious1764700000000 } from './1764700000000-dashboard-leads-by-previous.js';
import { AutomationLastError1766200000000 } from './1766200000000-automation-last-error.js';
import { ExternalApiGuessing1766300000000 } from './1766300000000-external-api-guessing.js';
import { MessageRefusedMedia1766400000000 } from './1766400000000-message-refused-media.js';
import { AiAssist1766500000000 } from './1766500000000-ai-assist.js';
import { ReportRollups1766510000000 } from './1766510000000-report-rollups.js';
import { ServiceLevelAlerts1766510000001 } from './1766510000001-service-level-alerts.js';
import { ScheduleTemplates1766600000000 } from './1766600000000-schedule-templates.js';
import { ReportBusinessHours1766710000000 } from './1766710000000-report-business-hours.js';
import { ConnectionProvider1766720000000 } from './1766720000000-connection-provider.js';
import { ContactExports1766800000000 } from './1766800000000-contact-exports.js';
import { BusinessHoursByWeek1766810000000 } from './1766810000000-business-hours-by-week.js';
import { ReportKeyRollups1766820000000 } from './1766820000000-report-key-rollups.js';

/** Every migration of tickets, in order. Never edit a merged migration; add a new one. */
export const TicketsMigrations = [
  PlatformTables1700000000000,
  CreateTickets1732100000000,
  TagsNotesSchedulesDashboard1732200000000,
  TicketListCoveringIndexes1732300000000,
  InternalChats1732419000000,
  Automation1764000000000,
  DashboardDaily1764100000000,
  DashboardLeads1764100000001,
  OutboxQuietNotify1764500000000,
  ContactsById1764600000000,
  DashboardLeadsByPrevious1764700000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
  AutomationLastError1766200000000,
  ExternalApiGuessing1766300000000,
  MessageRefusedMedia1766400000000,
  AiAssist1766500000000,
  ReportRollups1766510000000,
  ServiceLevelAlerts1766510000001,
  ScheduleTemplates1766600000000,
  ReportBusinessHours1766710000000,
  ConnectionProvider1766720000000,
  ContactExports1766800000000,
  BusinessHoursByWeek1766810000000,
  ReportKeyRollups1766820000000,
];
