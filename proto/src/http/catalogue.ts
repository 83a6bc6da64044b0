import { z } from 'zod';
import { MessageSnapshotSchema } from '../events/tickets/snapshots.js';
import {
  ExternalSendRequestSchema,
  ExternalSendResponseSchema,
  PromptDeletedResponseSchema,
  PromptListResponseSchema,
  PromptRequestSchema,
  PromptResponseSchema,
  QueueIntegrationListResponseSchema,
  QueueIntegrationRequestSchema,
  QueueIntegrationUpdateRequestSchema,
  QueueIntegrationResponseSchema,
  QueueIntegrationTestSessionRequestSchema,
  QueueIntegrationTestSessionResponseSchema,
} from './automation.js';
import {
  AssistSettingsRequestSchema,
  AssistSettingsResponseSchema,
  AssistStreamEventSchema,
  AssistTicketParamsSchema,
} from './assist.js';
import {
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoicePageSchema,
  InvoiceSchema,
  PixChargeSchema,
  PixNotificationSchema,
  PixWebhookQuerySchema,
  SubscriptionRequestSchema,
  WebhookAckSchema,
} from './billing.js';
import {
  AnnouncementMediaParamsSchema,
  AnnouncementPageSchema,
  AnnouncementRequestSchema,
  AnnouncementSchema,
  AnnouncementUpdateRequestSchema,
  CompanyPageSchema,
  CompanyRequestSchema,
  CompanyResponseSchema,
  CompanySchema,
  CompanySchedulesRequestSchema,
  CompanyUpdateRequestSchema,
  CreateUserRequestSchema,
  HelpPageSchema,
  HelpRequestSchema,
  HelpSchema,
  HelpUpdateRequestSchema,
  ListQuerySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  PlanPageSchema,
  PlanRequestSchema,
  PlanSchema,
  PlanUpdateRequestSchema,
  SessionUserSchema,
  SettingParamsSchema,
  SettingRequestSchema,
  SettingSchema,
  SignupRequestSchema,
  UpdateUserRequestSchema,
  UserPageSchema,
  UserResponseSchema,
} from './identity.js';
import {
  CampaignBodySchema,
  CampaignFailuresSchema,
  CampaignPageSchema,
  CampaignSchema,
  CampaignSettingEntriesSchema,
  FileListBodySchema,
  FileListPageSchema,
  FileListSchema,
  FileListUpdateSchema,
  ListCampaignsQuerySchema,
  ListFilesQuerySchema,
  SaveCampaignSettingsSchema,
  UploadListBodySchema,
} from './campaigns.js';
import {
  ChatMessagePageSchema,
  ChatMessageRequestSchema,
  ChatMessageSchema,
  ChatPageSchema,
  ChatRequestSchema,
  ChatSchema,
  ChatListQuerySchema,
  ChatParamsSchema,
  ChatUpdateRequestSchema,
} from './chats.js';
import {
  EmptyResponseSchema,
  FileResponseSchema,
  IdParamsSchema,
  MediaPathParamsSchema,
  MessageResponseSchema,
  NoBodySchema,
} from './common.js';
import {
  CloudWebhookBodySchema,
  CloudWebhookChallengeSchema,
  CloudWebhookReceivedSchema,
  CloudWebhookVerifyQuerySchema,
  ConnectionSchema,
  ConnectionViewSchema,
  CreateConnectionSchema,
  ListConnectionsQuerySchema,
  MessageTemplateListSchema,
  RotatedConnectionSchema,
  SimulatedCallSchema,
  SimulatedEditSchema,
  SimulatedMessageSchema,
  SimulatedMessagesSchema,
  SimulatedNetworkMessagesSchema,
  SimulatedReactionSchema,
  SimulatedReceiptSchema,
  SimulatedRevokeSchema,
  SimulatorAcceptedManySchema,
  SimulatorAcceptedSchema,
  SimulatorLogEntrySchema,
  SimulatorSentMessageSchema,
  SimulatorSentQuerySchema,
  StartSessionSchema,
  UpdateConnectionSchema,
} from './connector.js';
import { SendTemplateMessageSchema, TemplateMediaUploadSchema } from './message-templates.js';
import {
  ContactImportBodySchema,
  ContactListBodySchema,
  ContactListItemBodySchema,
  ContactListItemPageSchema,
  ContactListItemSchema,
  ContactListPageSchema,
  ContactListSchema,
  ContactPageSchema,
  ContactParamsSchema,
  ContactSchema,
  ContactVcardQuerySchema,
  ContactVcardSchema,
  CreateContactSchema,
  ImportParamsSchema,
  ImportReportSchema,
  ListContactListsQuerySchema,
  ListContactsQuerySchema,
  ListItemsQuerySchema,
  SimpleContactListQuerySchema,
  SpreadsheetUploadSchema,
  UpdateContactSchema,
} from './contacts.js';
import {
  CreateTicketNoteSchema,
  CreateTicketSchema,
  DashboardQuerySchema,
  DashboardReportQuerySchema,
  DashboardSchema,
  MessageCountQuerySchema,
  MessageCountSchema,
  EditMessageSchema,
  KanbanQuerySchema,
  ListQuickMessagesQuerySchema,
  ListSchedulesQuerySchema,
  ListTagsQuerySchema,
  ListTicketNotesQuerySchema,
  ListTicketsQuerySchema,
  MediaUploadBodySchema,
  MessagePageSchema,
  MessageParamsSchema,
  MessagesQuerySchema,
  QueueBodySchema,
  QueueOptionBodySchema,
  QueueOptionSchema,
  QueueOptionsQuerySchema,
  QueueViewSchema,
  QuickMessageBodySchema,
  QuickMessagePageSchema,
  QuickMessageViewSchema,
  ScheduleBodySchema,
  SchedulePageSchema,
  ScheduleSchema,
  SendMessageSchema,
  SentMessagesSchema,
  SyncTagsSchema,
  TagBodySchema,
  TagKanbanSchema,
  TagPageSchema,
  TagSchema,
  TicketMessagesParamsSchema,
  TicketNotePageSchema,
  TicketNotesFilterSchema,
  TicketNoteViewSchema,
  TicketPageSchema,
  TicketParamsSchema,
  TicketSchema,
  TicketsDaySchema,
  TicketsUsersSchema,
  TicketTagParamsSchema,
  TicketTagsParamsSchema,
  TicketTagsResponseSchema,
  TicketUuidParamsSchema,
  UpdateTicketNoteSchema,
  UpdateTicketSchema,
  QueueUpdateBodySchema,
  QueueOptionUpdateBodySchema,
  TagUpdateBodySchema,
  QuickMessageUpdateBodySchema,
  QuickMessageListQuerySchema,
  ScheduleUpdateBodySchema,
} from './tickets.js';

import {
  AuditActorSchema,
  AuditActorsQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  PlatformSettingParamsSchema,
  PlatformSettingRequestSchema,
  PlatformSettingSchema,
  TwoFactorChallengeRequestSchema,
  TwoFactorCodeRequestSchema,
  TwoFactorEnrolledSignInSchema,
  TwoFactorRecoveryCodesRequestSchema,
  TwoFactorRecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  TwoFactorVerifyRequestSchema,
} from './trust.js';
import {
  ReportQuerySchema,
  ReportSchema,
  ReportTicketPageSchema,
  ReportTicketsQuerySchema,
  ServiceLevelBodySchema,
  ServiceLevelSchema,
} from './reports.js';
import { TicketServiceLevelSchema } from '../events/tickets/service-levels.js';
import {
  ContactDataParamsSchema,
  ContactExportBodySchema,
  ContactExportParamsSchema,
  ContactExportSchema,
  ErasureRequestListQuerySchema,
  ErasureRequestPageSchema,
  ErasureRequestParamsSchema,
  ErasureRequestSchema,
} from './privacy.js';

export type RouteService = 'identity' | 'tickets' | 'contacts' | 'whatsapp-connector' | 'campaigns' | 'billing';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. `public`: no access token; `service`: no access token at the gateway, the owning
 * service authenticates the caller itself (the external API's connection token, payment webhooks);
 * `user`: any signed-in user; `admin`: profile admin (or a super user); `super`: super users only.
 */
export type RouteAccess = 'public' | 'service' | 'user' | 'admin' | 'super';

export interface PublicRoute {
  readonly method: HttpMethod;
  /** The spec's path, with `{name}` for path parameters (`{name*}`: the rest of the path, slashes included). */
  readonly path: string;
  readonly service: RouteService;
  readonly access: RouteAccess;
  readonly summary: string;
  /** The path parameters (an object with one key per `{name}` of the path). */
  readonly params?: z.ZodType;
  /** The query string (an object; each key one parameter). */
  readonly query?: z.ZodType;
  /** The request body (`NoBodySchema`: the route takes none). */
  readonly body?: z.ZodType;
  /** The body's media type when not JSON (`multipart/form-data` uploads). */
  readonly bodyType?: 'multipart/form-data';
  /** The 200 answer's body. */
  readonly response?: z.ZodType;
  /** The answer's media type when not JSON (files, CSV, vCard). */
  readonly produces?: string;
}

export type RouteSchemas = Pick<PublicRoute, 'params' | 'query' | 'body' | 'bodyType' | 'response' | 'produces'>;

const route = (
  method: HttpMethod,
  path: string,
  service: RouteService,
  access: RouteAccess,
  summary: string,
  schemas: RouteSchemas = {},
): PublicRoute => ({ method, path, service, access, summary, ...schemas });

/**
 * Every public HTTP route of the spec (reference whaticket-backend.md §2.18), with its owner and access rule.
 * The gateway's OpenAPI document (`make gen` → generated/openapi/public-api.json) and its route-walker test
 * are built from this list, with the request (params, query, body) and response schemas of each route: the services
 * validate with the same schemas and the web client's types are inferred from them. `catalogue.spec.ts` lists
 * the routes still without schemas (an allow-list that only shrinks).
 */
export const PUBLIC_API: readonly PublicRoute[] = [
  // --- identity ---
  route('POST', '/auth/login', 'identity', 'public', 'Sign in: {token, user} and the httpOnly refresh cookie jrt', {
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  }),
  route('POST', '/auth/refresh_token', 'identity', 'public', 'Rotate the refresh cookie jrt: {token, user}', {
    response: LoginResponseSchema,
    body: NoBodySchema,
  }),
  route('DELETE', '/auth/logout', 'identity', 'user', 'End this session (revokes its refresh tokens)', {
    response: EmptyResponseSchema,
  }),
  route('GET', '/auth/me', 'identity', 'user', 'The signed-in user', { response: SessionUserSchema }),
  route('POST', '/companies/cadastro', 'identity', 'public', 'Public signup (3-day trial)', {
    body: SignupRequestSchema,
    response: CompanySchema,
  }),
  route('GET', '/companies', 'identity', 'super', 'Companies: {companies, count, hasMore}', {
    query: ListQuerySchema,
    response: CompanyPageSchema,
  }),
  route('GET', '/companies/list', 'identity', 'super', 'Every company', { response: z.array(CompanyResponseSchema) }),
  route('GET', '/companies/{id}', 'identity', 'user', 'A company (own company unless super)', {
    params: IdParamsSchema,
    response: CompanyResponseSchema,
  }),
  route('POST', '/companies', 'identity', 'super', 'Create a company with its first admin', {
    body: CompanyRequestSchema,
    response: CompanySchema,
  }),
  route('PUT', '/companies/{id}', 'identity', 'super', 'Update a company', {
    body: CompanyUpdateRequestSchema,
    params: IdParamsSchema,
    response: CompanySchema,
  }),
  route('PUT', '/companies/{id}/schedules', 'identity', 'admin', "Update the company's opening hours", {
    body: CompanySchedulesRequestSchema,
    params: IdParamsSchema,
    response: CompanySchema,
  }),
  route('POST', '/companies/{id}/extend-due-date', 'identity', 'super', 'Extend the due date by its recurrence', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: CompanySchema,
  }),
  route('DELETE', '/companies/{id}', 'identity', 'super', 'Delete a company', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/companies/listPlan/{id}', 'identity', 'user', 'A company with its plan and flags', {
    params: IdParamsSchema,
    response: CompanyResponseSchema,
  }),
  route('GET', '/companiesPlan', 'identity', 'super', 'Companies with their plans', {
    query: ListQuerySchema,
    response: CompanyPageSchema,
  }),
  route('GET', '/plans', 'identity', 'user', 'Plans: {plans, count, hasMore}', {
    query: ListQuerySchema,
    response: PlanPageSchema,
  }),
  route('GET', '/plans/list', 'identity', 'public', 'Every plan (signup)', { response: z.array(PlanSchema) }),
  route('GET', '/plans/all', 'identity', 'public', 'Every plan (signup)', { response: z.array(PlanSchema) }),
  route('GET', '/plans/{id}', 'identity', 'user', 'A plan', { params: IdParamsSchema, response: PlanSchema }),
  route('POST', '/plans', 'identity', 'super', 'Create a plan', { body: PlanRequestSchema, response: PlanSchema }),
  route('PUT', '/plans/{id}', 'identity', 'super', 'Update a plan', {
    body: PlanUpdateRequestSchema,
    params: IdParamsSchema,
    response: PlanSchema,
  }),
  route('DELETE', '/plans/{id}', 'identity', 'super', 'Delete a plan', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/users', 'identity', 'user', 'Users: {users, count, hasMore}', {
    query: ListQuerySchema,
    response: UserPageSchema,
  }),
  route('GET', '/users/list', 'identity', 'user', 'Every user of the company (id, name, ...)', {
    response: z.array(UserResponseSchema),
  }),
  route('GET', '/users/{id}', 'identity', 'user', 'A user', { response: UserResponseSchema, params: IdParamsSchema }),
  route('POST', '/users', 'identity', 'admin', 'Create a user', {
    body: CreateUserRequestSchema,
    response: UserResponseSchema,
  }),
  route('PUT', '/users/{id}', 'identity', 'user', 'Update a user (admins: any of the company; users: themselves)', {
    body: UpdateUserRequestSchema,
    response: UserResponseSchema,
    params: IdParamsSchema,
  }),
  route('DELETE', '/users/{id}', 'identity', 'admin', 'Delete a user', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/settings', 'identity', 'user', "The company's settings [{key, value}]", {
    response: z.array(SettingSchema),
  }),
  route('PUT', '/settings/{key}', 'identity', 'admin', 'Change one setting', {
    body: SettingRequestSchema,
    params: SettingParamsSchema,
    response: SettingSchema,
  }),
  route('GET', '/helps', 'identity', 'user', 'Help videos: {records, count, hasMore}', {
    query: ListQuerySchema,
    response: HelpPageSchema,
  }),
  route('GET', '/helps/list', 'identity', 'user', 'Every help video', { response: z.array(HelpSchema) }),
  route('GET', '/helps/{id}', 'identity', 'user', 'A help video', { params: IdParamsSchema, response: HelpSchema }),
  route('POST', '/helps', 'identity', 'super', 'Create a help video', {
    body: HelpRequestSchema,
    response: HelpSchema,
  }),
  route('PUT', '/helps/{id}', 'identity', 'super', 'Update a help video', {
    body: HelpUpdateRequestSchema,
    params: IdParamsSchema,
    response: HelpSchema,
  }),
  route('DELETE', '/helps/{id}', 'identity', 'super', 'Delete a help video', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/announcements', 'identity', 'user', 'Announcements: {records, count, hasMore}', {
    query: ListQuerySchema,
    response: AnnouncementPageSchema,
  }),
  route('GET', '/announcements/list', 'identity', 'user', 'Active announcements', {
    response: z.array(AnnouncementSchema),
  }),
  route('GET', '/announcements/{id}', 'identity', 'user', 'An announcement', {
    params: IdParamsSchema,
    response: AnnouncementSchema,
  }),
  route('POST', '/announcements', 'identity', 'super', 'Create an announcement', {
    body: AnnouncementRequestSchema,
    response: AnnouncementSchema,
  }),
  route('PUT', '/announcements/{id}', 'identity', 'super', 'Update an announcement', {
    body: AnnouncementUpdateRequestSchema,
    params: IdParamsSchema,
    response: AnnouncementSchema,
  }),
  route('DELETE', '/announcements/{id}', 'identity', 'super', 'Delete an announcement', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/announcements/{id}/media-upload', 'identity', 'super', 'Attach an image (multipart "file")', {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: AnnouncementSchema,
  }),
  route('DELETE', '/announcements/{id}/media-upload', 'identity', 'super', "Remove an announcement's image", {
    params: IdParamsSchema,
    response: AnnouncementSchema,
  }),
  route('GET', '/announcements/media/{file}', 'identity', 'public', "An announcement's image (unguessable name)", {
    params: AnnouncementMediaParamsSchema,
    response: FileResponseSchema,
    produces: 'image/*',
  }),
  // --- identity: two-factor sign-in, platform settings, audit log ---
  route('POST', '/auth/two-factor/verify', 'identity', 'public', "Sign-in's second step: a code for the challenge", {
    body: TwoFactorVerifyRequestSchema,
    response: LoginResponseSchema,
  }),
  route('POST', '/auth/two-factor/enrolment', 'identity', 'public', 'Sign-in that must enrol: a new secret', {
    body: TwoFactorChallengeRequestSchema,
    response: TwoFactorSetupSchema,
  }),
  route('POST', '/auth/two-factor/enrolment/confirm', 'identity', 'public', 'Sign-in that must enrol: confirm', {
    body: TwoFactorVerifyRequestSchema,
    response: TwoFactorEnrolledSignInSchema,
  }),
  route('GET', '/auth/two-factor', 'identity', 'user', "The caller's two-factor state", {
    response: TwoFactorStatusSchema,
  }),
  route('POST', '/auth/two-factor/setup', 'identity', 'user', 'Start enrolling an authenticator app', {
    body: NoBodySchema,
    response: TwoFactorSetupSchema,
  }),
  route('POST', '/auth/two-factor/setup/confirm', 'identity', 'user', 'Confirm enrolment with a first code', {
    body: TwoFactorCodeRequestSchema,
    response: TwoFactorRecoveryCodesSchema,
  }),
  route('POST', '/auth/two-factor/recovery-codes', 'identity', 'user', 'New recovery codes (the old ones end)', {
    body: TwoFactorRecoveryCodesRequestSchema,
    response: TwoFactorRecoveryCodesSchema,
  }),
  route('POST', '/auth/two-factor/disable', 'identity', 'user', 'Turn two-factor sign-in off (with a code)', {
    body: TwoFactorCodeRequestSchema,
    response: TwoFactorStatusSchema,
  }),
  route('DELETE', '/users/{id}/two-factor', 'identity', 'admin', "Reset a user's two-factor sign-in (audited)", {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/platform-settings', 'identity', 'super', 'Platform-wide settings [{key, value}]', {
    response: z.array(PlatformSettingSchema),
  }),
  route('PUT', '/platform-settings/{key}', 'identity', 'super', 'Change one platform-wide setting', {
    params: PlatformSettingParamsSchema,
    body: PlatformSettingRequestSchema,
    response: PlatformSettingSchema,
  }),
  route('GET', '/audit-logs', 'identity', 'admin', 'The audit log, newest first (keyset pages)', {
    query: AuditLogQuerySchema,
    response: AuditLogPageSchema,
  }),
  route('GET', '/audit-logs/actors', 'identity', 'admin', 'The people in the audit log (the person filter)', {
    query: AuditActorsQuerySchema,
    response: z.array(AuditActorSchema),
  }),
  // --- tickets ---
  route('GET', '/tickets', 'tickets', 'user', 'Tickets: {tickets, count, hasMore}', {
    query: ListTicketsQuerySchema,
    response: TicketPageSchema,
  }),
  route('GET', '/tickets/{id}', 'tickets', 'user', 'A ticket', { params: TicketParamsSchema, response: TicketSchema }),
  route('GET', '/tickets/u/{uuid}', 'tickets', 'user', 'A ticket by uuid', {
    params: TicketUuidParamsSchema,
    response: TicketSchema,
  }),
  route('POST', '/tickets', 'tickets', 'user', 'Create a ticket', { body: CreateTicketSchema, response: TicketSchema }),
  route('PUT', '/tickets/{id}', 'tickets', 'user', 'Update a ticket (accept, transfer, close, reopen)', {
    params: TicketParamsSchema,
    body: UpdateTicketSchema,
    response: TicketSchema,
  }),
  route('DELETE', '/tickets/{id}', 'tickets', 'admin', 'Delete a ticket', {
    params: TicketParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/ticket/kanban', 'tickets', 'user', 'Kanban tickets', {
    query: KanbanQuerySchema,
    response: TicketPageSchema,
  }),
  route('GET', '/messages/{ticketId}', 'tickets', 'user', 'Messages of a ticket: {messages, count, hasMore}', {
    params: TicketMessagesParamsSchema,
    query: MessagesQuerySchema,
    response: MessagePageSchema,
  }),
  route('POST', '/messages/{ticketId}', 'tickets', 'user', 'Send a message (JSON or multipart medias)', {
    params: TicketMessagesParamsSchema,
    body: SendMessageSchema,
    response: SentMessagesSchema,
  }),
  route('POST', '/messages/{ticketId}/template', 'tickets', 'user', 'Send a Cloud API message template', {
    params: TicketMessagesParamsSchema,
    body: SendTemplateMessageSchema,
    response: MessageSnapshotSchema,
  }),
  route('POST', '/message-templates/media', 'tickets', 'user', 'Store a template header\'s file (multipart "file")', {
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: TemplateMediaUploadSchema,
  }),
  route('DELETE', '/messages/{id}', 'tickets', 'user', 'Delete a message for everyone', {
    params: MessageParamsSchema,
    response: MessageSnapshotSchema,
  }),
  route('POST', '/messages/edit/{id}', 'tickets', 'user', 'Edit one of our text messages (within 15 minutes)', {
    params: MessageParamsSchema,
    body: EditMessageSchema,
    response: MessageSnapshotSchema,
  }),
  route('POST', '/api/messages/send', 'tickets', 'service', "External API (the connection's bearer token)", {
    body: ExternalSendRequestSchema,
    response: ExternalSendResponseSchema,
  }),
  route('GET', '/media/tickets/{path*}', 'tickets', 'public', 'Stored message media (unguessable names)', {
    params: MediaPathParamsSchema,
    response: FileResponseSchema,
    produces: 'application/octet-stream',
  }),
  route('GET', '/queue', 'tickets', 'user', 'Queues', { response: z.array(QueueViewSchema) }),
  route('GET', '/queue/{id}', 'tickets', 'user', 'A queue', { params: IdParamsSchema, response: QueueViewSchema }),
  route('POST', '/queue', 'tickets', 'admin', 'Create a queue', { body: QueueBodySchema, response: QueueViewSchema }),
  route('PUT', '/queue/{id}', 'tickets', 'admin', 'Update a queue', {
    params: IdParamsSchema,
    body: QueueUpdateBodySchema,
    response: QueueViewSchema,
  }),
  route('DELETE', '/queue/{id}', 'tickets', 'admin', 'Delete a queue', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/queue/{id}/media-upload', 'tickets', 'admin', "Attach a queue's greeting media", {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: QueueViewSchema,
  }),
  route('DELETE', '/queue/{id}/media-upload', 'tickets', 'admin', "Remove a queue's greeting media", {
    params: IdParamsSchema,
    response: QueueViewSchema,
  }),
  route('GET', '/queue-options', 'tickets', 'user', 'Queue options (chatbot menu)', {
    query: QueueOptionsQuerySchema,
    response: z.array(QueueOptionSchema),
  }),
  route('GET', '/queue-options/{id}', 'tickets', 'user', 'A queue option', {
    params: IdParamsSchema,
    response: QueueOptionSchema,
  }),
  route('POST', '/queue-options', 'tickets', 'admin', 'Create a queue option', {
    body: QueueOptionBodySchema,
    response: QueueOptionSchema,
  }),
  route('PUT', '/queue-options/{id}', 'tickets', 'admin', 'Update a queue option', {
    params: IdParamsSchema,
    body: QueueOptionUpdateBodySchema,
    response: QueueOptionSchema,
  }),
  route('DELETE', '/queue-options/{id}', 'tickets', 'admin', 'Delete a queue option', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/queue-options/{id}/media-upload', 'tickets', 'admin', "Attach a queue option's media", {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: QueueOptionSchema,
  }),
  route('DELETE', '/queue-options/{id}/media-upload', 'tickets', 'admin', "Remove a queue option's media", {
    params: IdParamsSchema,
    response: QueueOptionSchema,
  }),
  route('GET', '/queueIntegration', 'tickets', 'admin', 'Queue integrations: {queueIntegrations, count, hasMore}', {
    response: QueueIntegrationListResponseSchema,
    query: ListQuerySchema,
  }),
  route('GET', '/queueIntegration/{id}', 'tickets', 'admin', 'A queue integration', {
    response: QueueIntegrationResponseSchema,
    params: IdParamsSchema,
  }),
  route('POST', '/queueIntegration', 'tickets', 'admin', 'Create a queue integration', {
    body: QueueIntegrationRequestSchema,
    response: QueueIntegrationResponseSchema,
  }),
  route('PUT', '/queueIntegration/{id}', 'tickets', 'admin', 'Update a queue integration', {
    body: QueueIntegrationUpdateRequestSchema,
    response: QueueIntegrationResponseSchema,
    params: IdParamsSchema,
  }),
  route('DELETE', '/queueIntegration/{id}', 'tickets', 'admin', 'Delete a queue integration', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/queueIntegration/testSession', 'tickets', 'admin', 'Test a Dialogflow session', {
    body: QueueIntegrationTestSessionRequestSchema,
    response: QueueIntegrationTestSessionResponseSchema,
  }),
  route('GET', '/prompt', 'tickets', 'admin', 'AI prompts: {prompts, count, hasMore}', {
    response: PromptListResponseSchema,
    query: ListQuerySchema,
  }),
  route('GET', '/prompt/{id}', 'tickets', 'admin', 'An AI prompt', {
    response: PromptResponseSchema,
    params: IdParamsSchema,
  }),
  route('POST', '/prompt', 'tickets', 'admin', 'Create an AI prompt', {
    body: PromptRequestSchema,
    response: PromptResponseSchema,
  }),
  route('PUT', '/prompt/{id}', 'tickets', 'admin', 'Update an AI prompt', {
    body: PromptRequestSchema,
    response: PromptResponseSchema,
    params: IdParamsSchema,
  }),
  route('DELETE', '/prompt/{id}', 'tickets', 'admin', 'Delete an AI prompt (answers a message)', {
    response: PromptDeletedResponseSchema,
    params: IdParamsSchema,
  }),
  route('GET', '/ai-assist/settings', 'tickets', 'admin', "The company's AI endpoint for agents (key masked)", {
    response: AssistSettingsResponseSchema,
  }),
  route('PUT', '/ai-assist/settings', 'tickets', 'admin', "Set the company's OpenAI-compatible endpoint", {
    body: AssistSettingsRequestSchema,
    response: AssistSettingsResponseSchema,
  }),
  route('DELETE', '/ai-assist/settings', 'tickets', 'admin', "Remove the company's AI endpoint (nothing is sent)", {
    response: AssistSettingsResponseSchema,
  }),
  route('POST', '/ai-assist/tickets/{ticketId}/summary', 'tickets', 'user', "A ticket's summary, streamed (SSE)", {
    params: AssistTicketParamsSchema,
    body: NoBodySchema,
    response: AssistStreamEventSchema,
    produces: 'text/event-stream',
  }),
  route('POST', '/ai-assist/tickets/{ticketId}/suggestion', 'tickets', 'user', 'A draft reply, streamed (SSE)', {
    params: AssistTicketParamsSchema,
    body: NoBodySchema,
    response: AssistStreamEventSchema,
    produces: 'text/event-stream',
  }),
  route('GET', '/tags', 'tickets', 'user', 'Tags: {tags, count, hasMore}', {
    query: ListTagsQuerySchema,
    response: TagPageSchema,
  }),
  route('GET', '/tags/list', 'tickets', 'user', 'Every tag', {
    query: ListTagsQuerySchema,
    response: z.array(TagSchema),
  }),
  route('GET', '/tags/kanban', 'tickets', 'user', 'Kanban lanes: {lista}', { response: TagKanbanSchema }),
  route('GET', '/tags/{id}', 'tickets', 'user', 'A tag', { params: IdParamsSchema, response: TagSchema }),
  route('POST', '/tags', 'tickets', 'user', 'Create a tag', { body: TagBodySchema, response: TagSchema }),
  route('PUT', '/tags/{id}', 'tickets', 'user', 'Update a tag', {
    params: IdParamsSchema,
    body: TagUpdateBodySchema,
    response: TagSchema,
  }),
  route('DELETE', '/tags/{id}', 'tickets', 'user', 'Delete a tag', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/tags/sync', 'tickets', 'user', "Replace a ticket's tags", {
    body: SyncTagsSchema,
    response: TicketSchema,
  }),
  route('PUT', '/ticket-tags/{ticketId}/{tagId}', 'tickets', 'user', 'Add a kanban tag to a ticket', {
    params: TicketTagParamsSchema,
    body: NoBodySchema,
    response: TicketTagsResponseSchema,
  }),
  route('DELETE', '/ticket-tags/{ticketId}', 'tickets', 'user', "Remove a ticket's kanban tags", {
    params: TicketTagsParamsSchema,
    response: TicketTagsResponseSchema,
  }),
  route('GET', '/quick-messages', 'tickets', 'user', 'Quick messages: {records, count, hasMore}', {
    query: ListQuickMessagesQuerySchema,
    response: QuickMessagePageSchema,
  }),
  route('GET', '/quick-messages/list', 'tickets', 'user', 'Every quick message', {
    query: QuickMessageListQuerySchema,
    response: z.array(QuickMessageViewSchema),
  }),
  route('GET', '/quick-messages/{id}', 'tickets', 'user', 'A quick message', {
    params: IdParamsSchema,
    response: QuickMessageViewSchema,
  }),
  route('POST', '/quick-messages', 'tickets', 'user', 'Create a quick message', {
    body: QuickMessageBodySchema,
    response: QuickMessageViewSchema,
  }),
  route('PUT', '/quick-messages/{id}', 'tickets', 'user', 'Update a quick message', {
    params: IdParamsSchema,
    body: QuickMessageUpdateBodySchema,
    response: QuickMessageViewSchema,
  }),
  route('DELETE', '/quick-messages/{id}', 'tickets', 'user', 'Delete a quick message', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/quick-messages/{id}/media-upload', 'tickets', 'user', "Attach a quick message's media", {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: QuickMessageViewSchema,
  }),
  route('DELETE', '/quick-messages/{id}/media-upload', 'tickets', 'user', "Remove a quick message's media", {
    params: IdParamsSchema,
    response: QuickMessageViewSchema,
  }),
  route('GET', '/ticket-notes', 'tickets', 'admin', 'Ticket notes', {
    query: ListTicketNotesQuerySchema,
    response: TicketNotePageSchema,
  }),
  route('GET', '/ticket-notes/list', 'tickets', 'user', 'Notes of a ticket or contact', {
    query: TicketNotesFilterSchema,
    response: z.array(TicketNoteViewSchema),
  }),
  route('GET', '/ticket-notes/{id}', 'tickets', 'user', 'A ticket note', {
    params: IdParamsSchema,
    response: TicketNoteViewSchema,
  }),
  route('POST', '/ticket-notes', 'tickets', 'user', 'Create a ticket note', {
    body: CreateTicketNoteSchema,
    response: TicketNoteViewSchema,
  }),
  route('PUT', '/ticket-notes/{id}', 'tickets', 'user', 'Update a ticket note', {
    params: IdParamsSchema,
    body: UpdateTicketNoteSchema,
    response: TicketNoteViewSchema,
  }),
  route('DELETE', '/ticket-notes/{id}', 'tickets', 'user', 'Delete a ticket note', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/schedules', 'tickets', 'user', 'Schedules: {schedules, count, hasMore}', {
    query: ListSchedulesQuerySchema,
    response: SchedulePageSchema,
  }),
  route('GET', '/schedules/{id}', 'tickets', 'user', 'A schedule', {
    params: IdParamsSchema,
    response: ScheduleSchema,
  }),
  route('POST', '/schedules', 'tickets', 'user', 'Create a schedule', {
    body: ScheduleBodySchema,
    response: ScheduleSchema,
  }),
  route('PUT', '/schedules/{id}', 'tickets', 'user', 'Update a schedule', {
    params: IdParamsSchema,
    body: ScheduleUpdateBodySchema,
    response: ScheduleSchema,
  }),
  route('DELETE', '/schedules/{id}', 'tickets', 'user', 'Delete a schedule', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/schedules/{id}/media-upload', 'tickets', 'user', "Attach a schedule's media", {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: ScheduleSchema,
  }),
  route('DELETE', '/schedules/{id}/media-upload', 'tickets', 'user', "Remove a schedule's media", {
    params: IdParamsSchema,
    response: ScheduleSchema,
  }),
  route(
    'GET',
    '/messages-allMe',
    'tickets',
    'user',
    "The company's messages sent, received or all: {count: [{count}]}",
    {
      query: MessageCountQuerySchema,
      response: MessageCountSchema,
    },
  ),
  route('GET', '/dashboard', 'tickets', 'user', 'Dashboard: {counters, attendants} (agents: their own)', {
    query: DashboardQuerySchema,
    response: DashboardSchema,
  }),
  route('GET', '/dashboard/ticketsUsers', 'tickets', 'user', 'Tickets per user', {
    query: DashboardReportQuerySchema,
    response: TicketsUsersSchema,
  }),
  route('GET', '/dashboard/ticketsDay', 'tickets', 'user', 'Tickets per day', {
    query: DashboardReportQuerySchema,
    response: TicketsDaySchema,
  }),
  route('GET', '/reports', 'tickets', 'admin', 'Report of a period by agent, queue, tag or connection', {
    query: ReportQuerySchema,
    response: ReportSchema,
  }),
  route('GET', '/reports/export', 'tickets', 'admin', 'A report as CSV, streamed', {
    query: ReportQuerySchema,
    response: FileResponseSchema,
    produces: 'text/csv',
  }),
  route('GET', '/reports/tickets', 'tickets', 'admin', 'The attendances behind a figure: {tickets, hasMore}', {
    query: ReportTicketsQuerySchema,
    response: ReportTicketPageSchema,
  }),
  route('GET', '/reports/tickets/export', 'tickets', 'admin', 'The attendances behind a figure as CSV, streamed', {
    query: ReportTicketsQuerySchema,
    response: FileResponseSchema,
    produces: 'text/csv',
  }),
  route('GET', '/service-levels', 'tickets', 'admin', "The queues' service-level targets", {
    response: z.array(ServiceLevelSchema),
  }),
  route('PUT', '/service-levels/{id}', 'tickets', 'admin', "Set a queue's service-level targets", {
    params: IdParamsSchema,
    body: ServiceLevelBodySchema,
    response: ServiceLevelSchema,
  }),
  route(
    'GET',
    '/service-levels/at-risk',
    'tickets',
    'user',
    "Open tickets of the caller's lists near or past a target",
    {
      response: z.array(TicketServiceLevelSchema),
    },
  ),
  route('GET', '/chats', 'tickets', 'user', "The caller's internal chats: {records, count, hasMore}", {
    response: ChatPageSchema,
    query: ChatListQuerySchema,
  }),
  route('GET', '/chats/{id}', 'tickets', 'user', 'An internal chat the caller is a member of (id or uuid)', {
    response: ChatSchema,
    params: ChatParamsSchema,
  }),
  route('POST', '/chats', 'tickets', 'user', 'Create an internal chat', {
    body: ChatRequestSchema,
    response: ChatSchema,
  }),
  route('PUT', '/chats/{id}', 'tickets', 'user', 'Update an internal chat (owner only)', {
    body: ChatUpdateRequestSchema,
    response: ChatSchema,
    params: IdParamsSchema,
  }),
  route('DELETE', '/chats/{id}', 'tickets', 'user', 'Delete an internal chat (owner only)', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/chats/{id}/messages', 'tickets', 'user', 'Messages of an internal chat: {records, count, hasMore}', {
    response: ChatMessagePageSchema,
    params: IdParamsSchema,
    query: ChatListQuerySchema,
  }),
  route('POST', '/chats/{id}/messages', 'tickets', 'user', 'Send an internal chat message', {
    body: ChatMessageRequestSchema,
    response: ChatMessageSchema,
    params: IdParamsSchema,
  }),
  route('POST', '/chats/{id}/read', 'tickets', 'user', "Mark an internal chat read (the caller's unreads to 0)", {
    response: ChatSchema,
    params: IdParamsSchema,
    body: NoBodySchema,
  }),
  // --- contacts ---
  route('GET', '/contacts', 'contacts', 'user', 'Contacts: {contacts, count, hasMore}', {
    query: ListContactsQuerySchema,
    response: ContactPageSchema,
  }),
  route('GET', '/contacts/list', 'contacts', 'user', 'Every contact', {
    query: SimpleContactListQuerySchema,
    response: z.array(ContactSchema),
  }),
  route('GET', '/contacts/{id}', 'contacts', 'user', 'A contact', {
    params: ContactParamsSchema,
    response: ContactSchema,
  }),
  route('POST', '/contacts', 'contacts', 'user', 'Create a contact', {
    body: CreateContactSchema,
    response: ContactSchema,
  }),
  route('PUT', '/contacts/{id}', 'contacts', 'user', 'Update a contact', {
    params: ContactParamsSchema,
    body: UpdateContactSchema,
    response: ContactSchema,
  }),
  route('DELETE', '/contacts/{id}', 'contacts', 'admin', 'Delete a contact', {
    params: ContactParamsSchema,
    response: MessageResponseSchema,
  }),
  // --- contacts: LGPD requests about a person ---
  route('POST', '/contacts/{id}/erasure', 'contacts', 'admin', "Erase a contact's data in every service (LGPD)", {
    params: ContactDataParamsSchema,
    body: NoBodySchema,
    response: ErasureRequestSchema,
  }),
  route('GET', '/privacy/erasure-requests', 'contacts', 'admin', 'Erasure requests, newest first, 20 a page', {
    query: ErasureRequestListQuerySchema,
    response: ErasureRequestPageSchema,
  }),
  route('GET', '/privacy/erasure-requests/{id}', 'contacts', 'admin', "An erasure request and each service's status", {
    params: ErasureRequestParamsSchema,
    response: ErasureRequestSchema,
  }),
  route(
    'POST',
    '/privacy/contact-exports',
    'tickets',
    'admin',
    'Prepare the export of everything held about a contact',
    {
      body: ContactExportBodySchema,
      response: ContactExportSchema,
    },
  ),
  route('GET', '/privacy/contact-exports/{id}/status', 'tickets', 'admin', 'An export request: pending or ready', {
    params: ContactExportParamsSchema,
    response: ContactExportSchema,
  }),
  route('GET', '/privacy/contact-exports/{id}', 'tickets', 'admin', 'A ready export request, as one zip', {
    params: ContactExportParamsSchema,
    response: FileResponseSchema,
    produces: 'application/zip',
  }),
  route('POST', '/contacts/import', 'contacts', 'user', "Import the phone's contacts", {
    body: ContactImportBodySchema,
    response: ImportReportSchema,
  }),
  route('POST', '/contacts/upload', 'contacts', 'user', 'Import contacts from a spreadsheet', {
    body: SpreadsheetUploadSchema,
    bodyType: 'multipart/form-data',
    response: ImportReportSchema,
  }),
  route('GET', '/contacts/export', 'contacts', 'user', 'Contacts as CSV (name;number;email)', {
    response: FileResponseSchema,
    produces: 'text/csv',
  }),
  route('GET', '/contacts/imports/{id}', 'contacts', 'user', "An import's progress", {
    params: ImportParamsSchema,
    response: ImportReportSchema,
  }),
  route('GET', '/contact', 'contacts', 'user', 'A contact as a vCard', {
    query: ContactVcardQuerySchema,
    response: ContactVcardSchema,
    produces: 'text/vcard',
  }),
  route('GET', '/contact-lists', 'contacts', 'user', 'Contact lists: {records, count, hasMore}', {
    query: ListContactListsQuerySchema,
    response: ContactListPageSchema,
  }),
  route('GET', '/contact-lists/list', 'contacts', 'user', 'Every contact list', {
    response: z.array(ContactListSchema),
  }),
  route('GET', '/contact-lists/example.xlsx', 'contacts', 'user', 'The example spreadsheet for list imports', {
    response: FileResponseSchema,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
  route('GET', '/contact-lists/{id}', 'contacts', 'user', 'A contact list', {
    params: IdParamsSchema,
    response: ContactListSchema,
  }),
  route('POST', '/contact-lists', 'contacts', 'user', 'Create a contact list', {
    body: ContactListBodySchema,
    response: ContactListSchema,
  }),
  route('PUT', '/contact-lists/{id}', 'contacts', 'user', 'Update a contact list', {
    params: IdParamsSchema,
    body: ContactListBodySchema,
    response: ContactListSchema,
  }),
  route('DELETE', '/contact-lists/{id}', 'contacts', 'user', 'Delete a contact list', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/contact-lists/{id}/upload', 'contacts', 'user', 'Import a spreadsheet into a list', {
    params: IdParamsSchema,
    body: SpreadsheetUploadSchema,
    bodyType: 'multipart/form-data',
    response: ImportReportSchema,
  }),
  route('GET', '/contact-list-items', 'contacts', 'user', 'Items of a list: {contacts, count, hasMore}', {
    query: ListItemsQuerySchema,
    response: ContactListItemPageSchema,
  }),
  route('GET', '/contact-list-items/list', 'contacts', 'user', 'Every item of a list', {
    query: ListItemsQuerySchema,
    response: z.array(ContactListItemSchema),
  }),
  route('GET', '/contact-list-items/{id}', 'contacts', 'user', 'A list item', {
    params: IdParamsSchema,
    response: ContactListItemSchema,
  }),
  route('POST', '/contact-list-items', 'contacts', 'user', 'Create a list item', {
    body: ContactListItemBodySchema,
    response: ContactListItemSchema,
  }),
  route('PUT', '/contact-list-items/{id}', 'contacts', 'user', 'Update a list item', {
    params: IdParamsSchema,
    body: ContactListItemBodySchema,
    response: ContactListItemSchema,
  }),
  route('DELETE', '/contact-list-items/{id}', 'contacts', 'admin', 'Delete a list item', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  // --- whatsapp-connector ---
  route('GET', '/whatsapp', 'whatsapp-connector', 'user', 'Connections (never their tokens)', {
    query: ListConnectionsQuerySchema,
    response: z.array(ConnectionViewSchema),
  }),
  route('GET', '/whatsapp/{id}', 'whatsapp-connector', 'user', 'A connection (never its token)', {
    params: IdParamsSchema,
    response: ConnectionViewSchema,
  }),
  route('POST', '/whatsapp', 'whatsapp-connector', 'admin', 'Create a connection (its session starts at once)', {
    body: CreateConnectionSchema,
    response: ConnectionSchema,
  }),
  route('PUT', '/whatsapp/{id}', 'whatsapp-connector', 'admin', 'Update a connection', {
    params: IdParamsSchema,
    body: UpdateConnectionSchema,
    response: ConnectionSchema,
  }),
  route('POST', '/whatsapp/{id}/token', 'whatsapp-connector', 'admin', 'Generate a new external-API token', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: RotatedConnectionSchema,
  }),
  route('DELETE', '/whatsapp/{id}', 'whatsapp-connector', 'admin', 'Delete a connection', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/whatsapp/{id}/templates', 'whatsapp-connector', 'user', 'Cloud API message templates', {
    params: IdParamsSchema,
    response: MessageTemplateListSchema,
  }),
  route(
    'POST',
    '/whatsapp/{id}/templates/sync',
    'whatsapp-connector',
    'admin',
    "Read a Cloud API connection's message templates from Meta again",
    { params: IdParamsSchema, body: NoBodySchema, response: MessageTemplateListSchema },
  ),
  route('POST', '/whatsappsession/{id}', 'whatsapp-connector', 'admin', 'Start a session (QR, or pairing code)', {
    params: IdParamsSchema,
    body: StartSessionSchema,
    response: MessageResponseSchema,
  }),
  route('PUT', '/whatsappsession/{id}', 'whatsapp-connector', 'admin', 'Restart a session (new QR code)', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: MessageResponseSchema,
  }),
  route('DELETE', '/whatsappsession/{id}', 'whatsapp-connector', 'admin', 'Disconnect a session', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/media/whatsapp/{path*}', 'whatsapp-connector', 'public', 'Stored WhatsApp media (unguessable names)', {
    params: MediaPathParamsSchema,
    response: FileResponseSchema,
    produces: 'application/octet-stream',
  }),
  route(
    'GET',
    '/webhooks/whatsapp/{id}',
    'whatsapp-connector',
    'service',
    "Cloud API webhook verification (Meta's hub.challenge)",
    {
      params: IdParamsSchema,
      query: CloudWebhookVerifyQuerySchema,
      response: CloudWebhookChallengeSchema,
      produces: 'text/plain',
    },
  ),
  route('POST', '/webhooks/whatsapp/{id}', 'whatsapp-connector', 'service', 'Cloud API webhook (signed by Meta)', {
    params: IdParamsSchema,
    body: CloudWebhookBodySchema,
    response: CloudWebhookReceivedSchema,
  }),
  route(
    'POST',
    '/simulator/connections/{id}/messages',
    'whatsapp-connector',
    'user',
    'Simulator: a contact sends a message',
    { params: IdParamsSchema, body: SimulatedMessageSchema, response: SimulatorAcceptedSchema },
  ),
  route(
    'POST',
    '/simulator/connections/{id}/messages/batch',
    'whatsapp-connector',
    'user',
    'Simulator: contacts send several messages at once (in order, at most 200)',
    { params: IdParamsSchema, body: SimulatedMessagesSchema, response: SimulatorAcceptedManySchema },
  ),
  route(
    'POST',
    '/simulator/messages/batch',
    'whatsapp-connector',
    'user',
    "Simulator: contacts send messages to several of the company's connections at once (at most 1,000)",
    { body: SimulatedNetworkMessagesSchema, response: SimulatorAcceptedManySchema },
  ),
  route(
    'POST',
    '/simulator/connections/{id}/receipts',
    'whatsapp-connector',
    'user',
    'Simulator: delivery/read receipts',
    { params: IdParamsSchema, body: SimulatedReceiptSchema, response: SimulatorAcceptedSchema },
  ),
  route(
    'POST',
    '/simulator/connections/{id}/edits',
    'whatsapp-connector',
    'user',
    'Simulator: a contact edits a message',
    { params: IdParamsSchema, body: SimulatedEditSchema, response: SimulatorAcceptedSchema },
  ),
  route(
    'POST',
    '/simulator/connections/{id}/revokes',
    'whatsapp-connector',
    'user',
    'Simulator: a contact deletes a message',
    { params: IdParamsSchema, body: SimulatedRevokeSchema, response: SimulatorAcceptedSchema },
  ),
  route('POST', '/simulator/connections/{id}/reactions', 'whatsapp-connector', 'user', 'Simulator: a contact reacts', {
    params: IdParamsSchema,
    body: SimulatedReactionSchema,
    response: SimulatorAcceptedSchema,
  }),
  route('POST', '/simulator/connections/{id}/calls', 'whatsapp-connector', 'user', 'Simulator: a missed call', {
    params: IdParamsSchema,
    body: SimulatedCallSchema,
    response: SimulatorAcceptedSchema,
  }),
  route('POST', '/simulator/connections/{id}/scan', 'whatsapp-connector', 'user', 'Simulator: the phone scans the QR', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: MessageResponseSchema,
  }),
  route('GET', '/simulator/connections/{id}/sent', 'whatsapp-connector', 'user', 'Simulator: what the agent sent', {
    params: IdParamsSchema,
    query: SimulatorSentQuerySchema,
    response: z.array(SimulatorSentMessageSchema),
  }),
  route(
    'GET',
    '/simulator/connections/{id}/log',
    'whatsapp-connector',
    'user',
    "Simulator: the session's connection log",
    { params: IdParamsSchema, response: z.array(SimulatorLogEntrySchema) },
  ),
  // --- campaigns ---
  route('GET', '/campaigns', 'campaigns', 'admin', 'Campaigns: {records, count, hasMore}', {
    query: ListCampaignsQuerySchema,
    response: CampaignPageSchema,
  }),
  route('GET', '/campaigns/list', 'campaigns', 'admin', 'Every campaign', { response: z.array(CampaignSchema) }),
  route('GET', '/campaigns/{id}', 'campaigns', 'admin', 'A campaign', {
    params: IdParamsSchema,
    response: CampaignSchema,
  }),
  route('GET', '/campaigns/{id}/failures', 'campaigns', 'admin', "A campaign's failed contacts and why", {
    params: IdParamsSchema,
    response: CampaignFailuresSchema,
  }),
  route('POST', '/campaigns', 'campaigns', 'admin', 'Create a campaign', {
    body: CampaignBodySchema,
    response: CampaignSchema,
  }),
  route('PUT', '/campaigns/{id}', 'campaigns', 'admin', 'Update a campaign', {
    params: IdParamsSchema,
    body: CampaignBodySchema,
    response: CampaignSchema,
  }),
  route('DELETE', '/campaigns/{id}', 'campaigns', 'admin', 'Delete a campaign', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/campaigns/{id}/cancel', 'campaigns', 'admin', 'Cancel a campaign (204)', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: EmptyResponseSchema,
  }),
  route('POST', '/campaigns/{id}/restart', 'campaigns', 'admin', 'Restart a campaign (204)', {
    params: IdParamsSchema,
    body: NoBodySchema,
    response: EmptyResponseSchema,
  }),
  route('POST', '/campaigns/{id}/media-upload', 'campaigns', 'admin', "Attach a campaign's media", {
    params: IdParamsSchema,
    body: MediaUploadBodySchema,
    bodyType: 'multipart/form-data',
    response: CampaignSchema,
  }),
  route('DELETE', '/campaigns/{id}/media-upload', 'campaigns', 'admin', "Remove a campaign's media", {
    params: IdParamsSchema,
    response: CampaignSchema,
  }),
  route('GET', '/campaign-settings', 'campaigns', 'admin', 'Campaign settings', {
    response: CampaignSettingEntriesSchema,
  }),
  route('POST', '/campaign-settings', 'campaigns', 'admin', 'Save campaign settings', {
    body: SaveCampaignSettingsSchema,
    response: CampaignSettingEntriesSchema,
  }),
  route('GET', '/files', 'campaigns', 'admin', 'File lists: {files, count, hasMore}', {
    query: ListFilesQuerySchema,
    response: FileListPageSchema,
  }),
  route('GET', '/files/list', 'campaigns', 'admin', 'Every file list', { response: z.array(FileListSchema) }),
  route('GET', '/files/{id}', 'campaigns', 'admin', 'A file list', {
    params: IdParamsSchema,
    response: FileListSchema,
  }),
  route('POST', '/files', 'campaigns', 'admin', 'Create a file list', {
    body: FileListBodySchema,
    response: FileListSchema,
  }),
  route('PUT', '/files/{id}', 'campaigns', 'admin', 'Update a file list (absent fields keep their values)', {
    params: IdParamsSchema,
    body: FileListUpdateSchema,
    response: FileListSchema,
  }),
  route('DELETE', '/files/{id}', 'campaigns', 'admin', 'Delete a file list', {
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  route('POST', '/files/uploadList/{id}', 'campaigns', 'admin', 'Upload files of a file list', {
    params: IdParamsSchema,
    body: UploadListBodySchema,
    bodyType: 'multipart/form-data',
    response: FileListSchema,
  }),
  route(
    'GET',
    '/files/media/{path*}',
    'campaigns',
    'public',
    'Stored campaign and file-list media (unguessable names)',
    { params: MediaPathParamsSchema, response: FileResponseSchema, produces: 'application/octet-stream' },
  ),
  // --- billing ---
  route('GET', '/invoices', 'billing', 'super', "Every company's invoices: {invoices, count, hasMore}", {
    query: InvoiceListQuerySchema,
    response: InvoicePageSchema,
  }),
  route('GET', '/invoices/company', 'billing', 'admin', "The company's invoices: {invoices, count, hasMore}", {
    query: InvoiceListQuerySchema,
    response: InvoicePageSchema,
  }),
  route('GET', '/invoices/all', 'billing', 'admin', 'Every invoice of the company, oldest first: a bare list', {
    query: InvoiceListQuerySchema,
    response: InvoiceListSchema,
  }),
  route('GET', '/invoices/{id}', 'billing', 'admin', 'An invoice of the company', {
    params: IdParamsSchema,
    response: InvoiceSchema,
  }),
  route('POST', '/subscription', 'billing', 'admin', "A Pix charge for one of the company's invoices", {
    body: SubscriptionRequestSchema,
    response: PixChargeSchema,
  }),
  route('POST', '/subscription/webhook', 'billing', 'service', "Payment provider's webhook (secret checked)", {
    query: PixWebhookQuerySchema,
    body: PixNotificationSchema,
    response: WebhookAckSchema,
  }),
  route('POST', '/subscription/webhook/pix', 'billing', 'service', "Payment provider's webhook (Efí's /pix)", {
    query: PixWebhookQuerySchema,
    body: PixNotificationSchema,
    response: WebhookAckSchema,
  }),
];
