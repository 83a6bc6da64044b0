import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CloudWebhookVerifyQuery } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import {
  type ConnectionConfig,
  type InboundEvent,
  type MediaStore,
  MediaRejectedError,
  refusedMediaOf,
  type SessionSink,
  WEBHOOK_SINKS,
  type WebhookSinks,
} from '../provider.port.js';
import { GraphClient, GraphError } from './graph.client.js';
import { graphLog } from './cloud-api.provider.js';
import { type MediaRef, parseWebhook, type TemplateStatusUpdate } from './webhook.parser.js';
import { signatureMatches } from './webhook.signature.js';

/** Where webhook media are stored (the connector's media store; the port's `WebhookSinks` carries none). */
export const CLOUD_API_MEDIA_STORE = Symbol('CLOUD_API_MEDIA_STORE');

/** Where template status changes go (the connector's templates module); without it they are logged and ignored. */
export const CLOUD_API_TEMPLATE_STATUSES = Symbol('CLOUD_API_TEMPLATE_STATUSES');
export interface CloudApiTemplateStatuses {
  statusChanged(connection: ConnectionConfig, update: TemplateStatusUpdate): Promise<void>;
}

type CloudConnection = ConnectionConfig & { readonly cloud: NonNullable<ConnectionConfig['cloud']> };

const sameText = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Meta's webhook calls for one connection: the subscription check and signed deliveries. */
@Injectable()
export class CloudApiWebhooks {
  private readonly logger: Logger;

  constructor(
    @Inject(WEBHOOK_SINKS) private readonly sinks: WebhookSinks,
    @Inject(CLOUD_API_MEDIA_STORE) private readonly media: MediaStore,
    @Inject(GraphClient) private readonly graph: GraphClient,
    @Inject(LOGGER) logger: Logger,
    @Optional()
    @Inject(CLOUD_API_TEMPLATE_STATUSES)
    private readonly templateStatuses: CloudApiTemplateStatuses | null = null,
  ) {
    this.logger = logger.child({ component: 'cloud-api-webhooks' });
  }

  /** The subscription handshake: the challenge back when the verify token is the connection's, else 403. */
  async verify(connectionId: number, query: CloudWebhookVerifyQuery): Promise<string> {
    const { connection } = await this.resolve(connectionId);
    const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = query;
    if (
      mode !== 'subscribe' ||
      token === undefined ||
      challenge === undefined ||
      !connection.cloud.verifyToken ||
      !sameText(connection.cloud.verifyToken, token)
    ) {
      this.logger.warn({ connectionId }, 'cloud api webhook verification refused');
      throw new DomainError('ERR_NO_PERMISSION', { message: 'webhook verification refused' });
    }
    this.logger.info({ connectionId }, 'cloud api webhook verified');
    return challenge;
  }

  /**
   * A signed delivery: checks `X-Hub-Signature-256` over the raw bytes (401 and nothing processed when wrong),
   * then hands every item to the sink before answering, so a 2xx means it is durable; a failure answers 500 and
   * Meta redelivers (the sink dedupes messages by id).
   */
  async receive(connectionId: number, rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!rawBody) {
      // the service definition must set `rawBody: true` (see README); refuse rather than trust a re-serialised body
      this.logger.error({ connectionId }, 'cloud api webhook without a raw body: rawBody is not enabled');
      throw new Error('the raw request body is not available');
    }
    const { connection, sink } = await this.resolve(connectionId);
    if (!signatureMatches(connection.cloud.appSecret, rawBody, signature)) {
      this.logger.warn({ connectionId, signed: signature !== undefined }, 'cloud api webhook signature refused');
      throw new DomainError('ERR_INVALID_CREDENTIALS', { message: 'invalid webhook signature' });
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      this.logger.warn({ connectionId }, 'cloud api webhook body is not JSON: ignored');
      return;
    }
    const items = parseWebhook(body, { id: connection.id, phoneNumberId: connection.cloud.phoneNumberId });
    for (const item of items) {
      switch (item.kind) {
        case 'contact':
          await sink.contact(item.update);
          break;
        case 'ack':
          if (item.failure) {
            this.logger.warn(
              {
                connectionId,
                messageId: item.update.messageId,
                graphCode: item.failure.code,
                title: item.failure.title,
              },
              'cloud api message failed at Meta',
            );
          }
          await sink.ack(item.update);
          break;
        case 'message':
          await sink.inbound(item.media ? await this.withMedia(connection, item.event, item.media) : item.event);
          break;
        case 'template-status':
          if (this.templateStatuses) await this.templateStatuses.statusChanged(connection, item.update);
          else this.logger.info({ connectionId, template: item.update.name }, 'cloud api template status ignored');
          break;
        case 'ignored':
          this.logger.info(
            { connectionId, reason: item.reason, messageId: item.messageId },
            'cloud api webhook item ignored',
          );
          break;
      }
    }
  }

  private async resolve(connectionId: number): Promise<{ connection: CloudConnection; sink: SessionSink }> {
    const found = await this.sinks.forConnection(connectionId);
    if (!found || found.connection.provider !== 'cloud-api' || !found.connection.cloud) {
      throw new DomainError('ERR_NO_WAPP_FOUND');
    }
    return { connection: found.connection as CloudConnection, sink: found.sink };
  }

  /**
   * Downloads a received file (`GET /{media-id}` → URL → bytes) into the media store. A file the store refuses,
   * or one Meta no longer has, leaves the message without media (caption kept); other failures propagate so the
   * delivery is retried.
   */
  private async withMedia(connection: CloudConnection, event: InboundEvent, ref: MediaRef): Promise<InboundEvent> {
    if (event.type !== 'whatsapp.message.received') return event;
    const log = { connectionId: connection.id, messageId: event.data.messageId, mediaId: ref.id };
    try {
      const info = await this.graph.mediaInfo(connection.cloud.accessToken, ref.id);
      const file = await this.graph.download(connection.cloud.accessToken, info.url);
      const stored = await this.media.put({
        companyId: connection.companyId,
        connectionId: connection.id,
        data: file.data,
        mimeType: ref.mimeType || info.mime_type || file.mimeType || 'application/octet-stream',
        fileName: ref.fileName,
      });
      const media = event.data.kind === 'audio' ? { ...stored, ptt: ref.ptt } : stored;
      return { type: event.type, data: { ...event.data, media } };
    } catch (error) {
      if (error instanceof MediaRejectedError) {
        this.logger.warn(
          { ...log, reason: error.reason },
          'cloud api media refused by the store: message kept without it',
        );
        return refused(event, error, ref);
      }
      if (error instanceof GraphError && error.permanent && !error.tokenRefused) {
        this.logger.warn({ ...log, ...graphLog(error) }, 'cloud api media unavailable: message kept without it');
        return refused(event, error, ref);
      }
      this.logger.error(
        { ...log, ...(error instanceof GraphError ? graphLog(error) : { err: error }) },
        'cloud api media download failed',
      );
      throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', { cause: error });
    }
  }
}

/** The message without its file, naming what the customer sent (`refusedMedia`). */
function refused(
  event: Extract<InboundEvent, { type: 'whatsapp.message.received' }>,
  error: unknown,
  ref: MediaRef,
): InboundEvent {
  return { type: event.type, data: { ...event.data, refusedMedia: refusedMediaOf(error, ref) } };
}
