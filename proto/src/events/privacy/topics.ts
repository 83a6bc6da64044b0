import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/**
 * The services that hold a person's data and confirm each erasure (LGPD art. 18): contacts (the contact, its extra
 * info and list items), tickets (messages, notes, schedules, ratings), campaigns (shippings) and the connector (its
 * caches for the person's JID and the stored media of their messages).
 */
export const PRIVACY_SERVICES = ['contacts', 'tickets', 'campaigns', 'whatsapp-connector'] as const;
export type PrivacyService = (typeof PRIVACY_SERVICES)[number];

export const ErasureRequestedSchema = z.object({
  /** The request the services confirm (contacts keeps it: `GET /privacy/erasure-requests/{id}`). */
  requestId: z.uuid(),
  contactId: IdSchema,
  /** The person's identifiers as they were before contacts anonymised them: what the other services look up. */
  number: z.string().max(64),
  lid: z.string().max(128).nullable(),
  whatsappJid: z.string().max(128).nullable(),
});
export type ErasureRequestedData = z.infer<typeof ErasureRequestedSchema>;

export const ErasureConfirmedSchema = z.object({
  requestId: z.uuid(),
  contactId: IdSchema,
  service: z.enum(PRIVACY_SERVICES),
  /** Rows (or files) removed or anonymised, by kind: what the admin sees per service. */
  removed: z.record(z.string().max(60), z.number().int().nonnegative()),
  /**
   * Tickets only: the stored media of the person's messages that the connector holds (its `media/whatsapp/` URLs),
   * which the connector deletes before it confirms.
   */
  mediaUrls: z.array(z.string().max(2048)).max(100_000).optional(),
});
export type ErasureConfirmedData = z.infer<typeof ErasureConfirmedSchema>;

export const ErasureRequested = defineEvent('privacy.erasure.requested', ErasureRequestedSchema, {
  description:
    "An admin asked to erase a contact's data (contacts published it after anonymising the contact): every service that holds the person's data removes or anonymises it, idempotently, and confirms.",
});
export const ErasureConfirmed = defineEvent('privacy.erasure.confirmed', ErasureConfirmedSchema, {
  description:
    "A service removed or anonymised the person's data of an erasure request, in the transaction of its inbox row; contacts marks that service done on the request.",
});

export const RetentionAppliedSchema = z.object({
  /** Messages whose body and media the company's retention setting erased in this batch. */
  messages: z.number().int().nonnegative(),
  /** The connector's stored media of those messages (its `media/whatsapp/` URLs), which it deletes. */
  mediaUrls: z.array(z.string().max(2048)).max(10_000),
});
export type RetentionAppliedData = z.infer<typeof RetentionAppliedSchema>;

export const RetentionApplied = defineEvent('privacy.erasure.retention-applied', RetentionAppliedSchema, {
  description:
    "Tickets' retention job erased the bodies and media of a batch of messages of tickets closed longer ago than the company's `messageRetentionDays` (key: company id); the connector deletes the stored media listed.",
});

export const PrivacyErasureTopic = defineTopic({
  name: 'privacy.erasure.v1',
  owner: 'privacy',
  aggregate: 'erasure',
  key: 'requestId (retention batches: companyId)',
  description:
    'LGPD erasure: requests (from contacts) and each holding service’s confirmation (from every one of them), keyed by request; and the batches of the message retention job (from tickets).',
  events: [ErasureRequested, ErasureConfirmed, RetentionApplied],
});

export const ErasureServiceStatusSchema = z.object({
  service: z.enum(PRIVACY_SERVICES),
  status: z.enum(['pending', 'confirmed']),
  confirmedAt: z.iso.datetime().nullable(),
  /** Rows or files removed or anonymised, by kind (`messages`, `media`, `shippings`...). */
  removed: z.record(z.string(), z.number().int().nonnegative()),
});
export type ErasureServiceStatus = z.infer<typeof ErasureServiceStatusSchema>;

/** An erasure request as contacts keeps it (`GET /privacy/erasure-requests/{id}`); no identifier of the person. */
export const ErasureRequestSchema = z.object({
  id: z.uuid(),
  contactId: IdSchema,
  requestedBy: IdSchema,
  /** `done` once every service confirmed. */
  status: z.enum(['pending', 'done']),
  services: z.array(ErasureServiceStatusSchema),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

export const ErasureRequestUpdated = defineEvent('privacy.erasure-request.updated', ErasureRequestSchema, {
  description:
    "An erasure request was recorded or a service's confirmation changed it (contacts, in the same transaction): the request as `GET /privacy/erasure-requests/{id}` answers it, for the company's admins to follow live.",
});

export const PrivacyErasureRequestTopic = defineTopic({
  name: 'privacy.erasure-request.v1',
  realtime: true,
  owner: 'privacy',
  aggregate: 'erasure-request',
  key: 'requestId',
  description:
    "LGPD erasure requests as contacts follows them (from contacts): the company's admins' live view of each service's confirmation (company-{id}-erasureRequest realtime channel).",
  events: [ErasureRequestUpdated],
});

/** The services that answer an export request with the person's rows tickets does not hold. */
export const EXPORT_SERVICES = ['campaigns'] as const;
export type ExportService = (typeof EXPORT_SERVICES)[number];

/** Rows of one `privacy.export.part` at most. */
export const EXPORT_PART_ROWS = 100;

export const ExportRequestedSchema = z.object({
  /** The request tickets keeps (`POST /privacy/contact-exports`); its parts name it. */
  requestId: z.uuid(),
  contactId: IdSchema,
  /** The person's number as tickets' contact projection holds it: what the other services look the person up by. */
  number: z.string().max(64),
});
export type ExportRequestedData = z.infer<typeof ExportRequestedSchema>;

/** A campaign shipping of the person, as campaigns holds it (the archive's `campanhas.ndjson` line). */
export const ExportedShippingSchema = z.object({
  id: z.string().max(20),
  campaignId: IdSchema,
  campaignName: z.string().max(512),
  name: z.string().max(255),
  number: z.string().max(50),
  email: z.string().max(255),
  message: z.string().max(100_000),
  confirmationMessage: z.string().max(100_000).nullable(),
  confirmationRequestedAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  error: z.string().max(64).nullable(),
  createdAt: z.iso.datetime(),
});
export type ExportedShipping = z.infer<typeof ExportedShippingSchema>;

export const ExportPartSchema = z.object({
  requestId: z.uuid(),
  service: z.enum(EXPORT_SERVICES),
  /** 0, 1, 2... per service and request: a redelivered part replaces the one of the same number. */
  part: z.number().int().nonnegative(),
  /** The service's last part: its rows are all in the parts 0..part. */
  last: z.boolean(),
  shippings: z.array(ExportedShippingSchema).max(EXPORT_PART_ROWS),
});
export type ExportPartData = z.infer<typeof ExportPartSchema>;

export const ExportRequested = defineEvent('privacy.export.requested', ExportRequestedSchema, {
  description:
    "An admin asked for everything held about a contact (tickets recorded the request): every service of `EXPORT_SERVICES` answers with the person's rows in `privacy.export.part` events.",
});
export const ExportPart = defineEvent('privacy.export.part', ExportPartSchema, {
  description: `A chunk of at most ${EXPORT_PART_ROWS} of the person's rows a service holds for an export request, numbered from 0; the one marked \`last\` ends that service's answer (a service holding nothing sends one empty last part). Tickets stores the parts and serves the archive once every service's last part arrived.`,
});

export const PrivacyExportTopic = defineTopic({
  name: 'privacy.export.v1',
  owner: 'privacy',
  aggregate: 'export',
  key: 'requestId',
  description:
    "LGPD export: requests (from tickets) and the person's rows each holding service answers with (from campaigns), keyed by request.",
  events: [ExportRequested, ExportPart],
});

export const privacyTopics = [PrivacyErasureTopic, PrivacyErasureRequestTopic, PrivacyExportTopic] as const;
