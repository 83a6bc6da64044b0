import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { DomainError } from '@cs/platform/errors';
import type { OutboundContent, TemplateSendComponent } from '@cs/proto/events';
import {
  type ContactUpdate,
  type NumberCheckResult,
  type ProviderSession,
  type SendRequest,
  type SessionContext,
  SessionNotReadyError,
  type SessionProvider,
} from '../provider.port.js';
import { GraphClient, GraphError } from './graph.client.js';
import type { CloudApiEnv } from './cloud-api.config.js';
import { vcardToCard } from './vcard.js';

/** Meta error codes that mean the recipient cannot receive (not on WhatsApp, not an allowed test number). */
const INVALID_RECIPIENT = new Set([131026, 131030, 133010]);
/** Outside the 24 h customer-service window only approved templates may be sent. */
const OUTSIDE_WINDOW = 131047;
/** Meta refused the template itself (parameters, unknown name or language, paused or disabled): 132000–132999. */
const isTemplateRefusal = (code: number | null): boolean => code !== null && code >= 132000 && code < 133000;

/** The digits a Cloud API call addresses, from a chat jid (`5511999990000@s.whatsapp.net`). */
export function recipientOf(chatJid: string): string {
  const [user = '', server = 's.whatsapp.net'] = chatJid.split('@');
  const digits = user.split(':')[0] ?? '';
  if (server !== 's.whatsapp.net' || !/^\d{6,20}$/.test(digits)) {
    // groups, LIDs and broadcast lists have no Cloud API address
    throw new DomainError('ERR_WAPP_INVALID_CONTACT', { message: 'the Cloud API sends only to phone numbers' });
  }
  return digits;
}

/**
 * Meta's WhatsApp Cloud API: stateless, nothing stored, no QR. A session only checks its token and talks to the
 * Graph API; what arrives comes through the webhook controller on whichever process Meta reaches.
 */
export class CloudApiProvider implements SessionProvider {
  readonly name = 'cloud-api' as const;

  constructor(private readonly graph: GraphClient) {}

  static fromEnv(env: CloudApiEnv, fetchImpl?: typeof fetch): CloudApiProvider {
    return new CloudApiProvider(new GraphClient(env, fetchImpl));
  }

  open(context: SessionContext): ProviderSession {
    return new CloudApiSession(context, this.graph);
  }

  /** Nothing is stored for a Cloud API connection beyond its record (the core deletes that). */
  async wipe(_connectionId: number, _manager: EntityManager): Promise<void> {}
}

type State = 'idle' | 'connected' | 'disconnected' | 'stopped';

export class CloudApiSession implements ProviderSession {
  private state: State = 'idle';
  private readonly logger: Logger;

  constructor(
    private readonly context: SessionContext,
    private readonly graph: GraphClient,
  ) {
    this.logger = context.logger.child({ provider: 'cloud-api', connectionId: context.connection.id });
  }

  /** Checks the credentials with `GET /{phone-number-id}`: CONNECTED with the number, or DISCONNECTED with why. */
  async start(_options: { readonly pairingNumber?: string }): Promise<void> {
    const cloud = this.context.connection.cloud;
    if (!cloud) {
      await this.disconnected('missingCredentials');
      return;
    }
    try {
      const info = await this.graph.phoneNumber(cloud.accessToken, cloud.phoneNumberId);
      const digits = (info.display_phone_number ?? '').replace(/\D/g, '');
      this.state = 'connected';
      await this.context.sink.status({ status: 'CONNECTED', qrcode: '', number: digits || null, retries: 0 });
      this.logger.info({ verifiedName: info.verified_name ?? null }, 'cloud api credentials accepted');
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      this.logger.warn(graphLog(error), 'cloud api credentials check failed');
      await this.disconnected(
        error.tokenRefused ? 'tokenRefused' : error.status === 0 ? 'graphUnreachable' : 'graphError',
      );
    }
  }

  async send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }> {
    const cloud = this.ready();
    const to = recipientOf(request.chatJid);
    const payload: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...(request.quotedMessageId ? { context: { message_id: request.quotedMessageId } } : {}),
      // echoed back in the status webhooks of this message; ties a message to the command that sent it
      biz_opaque_callback_data: request.idempotencyKey.slice(0, 512),
      ...(await this.contentOf(request.content, cloud)),
    };
    try {
      const answer = await this.graph.messages(cloud.accessToken, cloud.phoneNumberId, payload);
      const messageId = answer.messages[0]?.id;
      if (!messageId) throw new GraphError(200, null, null, 'the send answered without a message id');
      return { messageId, timestamp: new Date() };
    } catch (error) {
      throw await this.sendFailure(error, 'send');
    }
  }

  /** The Cloud API has no "delete for everyone". */
  async deleteForEveryone(_chatJid: string, _messageId: string): Promise<void> {
    this.ready();
    throw new DomainError('ERR_DELETE_WAPP_MSG', {
      message: 'the WhatsApp Cloud API cannot delete a sent message',
      details: { reason: 'notSupportedByCloudApi' },
    });
  }

  /** The Cloud API has no way to edit a sent message either (its messages endpoint only sends new ones). */
  async editText(_chatJid: string, _messageId: string, _body: string): Promise<void> {
    this.ready();
    throw new DomainError('ERR_EDIT_WAPP_MSG', {
      message: 'the WhatsApp Cloud API cannot edit a sent message',
      details: { reason: 'notSupportedByCloudApi' },
    });
  }

  /** `status: read` for each message (WhatsApp then also shows the earlier ones as read). */
  async markRead(_chatJid: string, messageIds: readonly string[]): Promise<void> {
    const cloud = this.ready();
    for (const messageId of messageIds) {
      try {
        await this.graph.messages(cloud.accessToken, cloud.phoneNumberId, {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: messageId,
        });
      } catch (error) {
        throw await this.sendFailure(error, 'markRead');
      }
    }
  }

  /**
   * The Cloud API has no "is this number on WhatsApp" call (the contacts endpoint was retired): every number is
   * answered as existing, and a send to a number that is not on WhatsApp fails then (ERR_WAPP_INVALID_CONTACT).
   */
  async checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]> {
    this.ready();
    return numbers.map((number) => {
      const digits = number.replace(/\D/g, '');
      return { number, exists: true, jid: `${digits}@s.whatsapp.net` };
    });
  }

  /** Profile pictures of users are not exposed by the Cloud API. */
  async profilePicture(_jid: string): Promise<string | null> {
    this.ready();
    return null;
  }

  /** There is no address book behind a Cloud API number. */
  async listContacts(): Promise<ContactUpdate[]> {
    this.ready();
    return [];
  }

  /** Nothing to unlink at Meta (the token stays valid until revoked there); the session ends DISCONNECTED. */
  async logout(): Promise<void> {
    await this.disconnected('loggedOut');
  }

  /** No socket to end. */
  async stop(): Promise<void> {
    this.state = 'stopped';
  }

  private ready(): NonNullable<SessionContext['connection']['cloud']> {
    const cloud = this.context.connection.cloud;
    if (this.state !== 'connected' || !cloud) throw new SessionNotReadyError(this.context.connection.id);
    return cloud;
  }

  private async disconnected(reason: string): Promise<void> {
    this.state = 'disconnected';
    await this.context.sink.status({ status: 'DISCONNECTED', qrcode: '', reason });
  }

  private async contentOf(
    content: OutboundContent,
    cloud: NonNullable<SessionContext['connection']['cloud']>,
  ): Promise<Record<string, unknown>> {
    switch (content.kind) {
      case 'text':
        if (content.template) {
          // Meta's template send: name, language code, and only the components that take values
          const { name, language, components } = content.template;
          const filled = await Promise.all(
            components
              .filter((component) => component.parameters.length > 0)
              .map((component) => this.uploadedHeader(component, cloud)),
          );
          return {
            type: 'template',
            template: { name, language: { code: language.code }, ...(filled.length > 0 ? { components: filled } : {}) },
          };
        }
        return { type: 'text', text: { preview_url: /https?:\/\//i.test(content.body), body: content.body } };
      case 'location':
        return {
          type: 'location',
          location: {
            latitude: content.latitude,
            longitude: content.longitude,
            ...(content.name ? { name: content.name } : {}),
            ...(content.address ? { address: content.address } : {}),
          },
        };
      case 'vcard':
        return { type: 'contacts', contacts: [vcardToCard(content.displayName, content.vcard)] };
      case 'media': {
        const file = await this.readOutbound(content.url);
        const mimeType = content.mimeType || file.mimeType;
        const fileName = content.fileName || file.fileName;
        const id = await this.upload(cloud, { data: file.data, mimeType, fileName });
        const type = content.mediaType;
        const media: Record<string, unknown> = { id };
        // audio and stickers take no caption at Meta
        if (content.caption && (type === 'image' || type === 'video' || type === 'document'))
          media['caption'] = content.caption;
        if (type === 'document') media['filename'] = fileName;
        if (type === 'audio' && content.ptt) media['voice'] = true;
        return { type, [type]: media };
      }
    }
  }

  /**
   * A template header whose media is one of the platform's own files (an agent's upload): Meta cannot fetch it, so
   * it is read here, uploaded, and sent by its Meta `id`. Any other link is Meta's to fetch, as given.
   */
  private async uploadedHeader(
    component: TemplateSendComponent,
    cloud: NonNullable<SessionContext['connection']['cloud']>,
  ): Promise<TemplateSendComponent> {
    if (component.type !== 'header') return component;
    const parameters = await Promise.all(
      component.parameters.map(async (parameter) => {
        if (parameter.type === 'text') return parameter;
        const media: { link?: string | undefined; id?: string | undefined; filename?: string | undefined } =
          parameter.type === 'image'
            ? parameter.image
            : parameter.type === 'video'
              ? parameter.video
              : parameter.document;
        if (!media.link || !this.context.media.isPlatformUrl(media.link)) return parameter;
        const file = await this.readOutbound(media.link);
        const id = await this.upload(cloud, file);
        const filename = media.filename ?? (parameter.type === 'document' ? file.fileName : undefined);
        const uploaded = { id, ...(filename ? { filename } : {}) };
        if (parameter.type === 'image') return { type: parameter.type, image: uploaded };
        if (parameter.type === 'video') return { type: parameter.type, video: uploaded };
        return { type: parameter.type, document: uploaded };
      }),
    );
    return { ...component, parameters };
  }

  /** A file to send, read from the platform's media (`ERR_SENDING_WAPP_MSG` when it cannot be read). */
  private async readOutbound(url: string): Promise<{ data: Buffer; mimeType: string; fileName: string }> {
    try {
      return await this.context.media.get(url);
    } catch (error) {
      this.logger.warn({ err: error }, 'cloud api: the file to send could not be read');
      throw new DomainError('ERR_SENDING_WAPP_MSG', { message: 'the file to send could not be read', cause: error });
    }
  }

  /** Uploads a file to Meta (`POST /{phone-number-id}/media`) and answers its media id. */
  private async upload(
    cloud: NonNullable<SessionContext['connection']['cloud']>,
    file: { data: Buffer; mimeType: string; fileName: string },
  ): Promise<string> {
    try {
      return await this.graph.uploadMedia(cloud.accessToken, cloud.phoneNumberId, file);
    } catch (error) {
      throw await this.sendFailure(error, 'upload');
    }
  }

  /** A Graph failure as the catalogue's error; a refused token also ends the session (DISCONNECTED). */
  private async sendFailure(error: unknown, operation: string): Promise<Error> {
    if (error instanceof DomainError) return error;
    if (!(error instanceof GraphError)) return error instanceof Error ? error : new Error(String(error));
    this.logger.warn({ ...graphLog(error), operation }, 'cloud api call failed');
    const details = { graphStatus: error.status, graphCode: error.code, graphMessage: error.message };
    if (error.tokenRefused) {
      await this.disconnected('tokenRefused');
      return new DomainError('ERR_WAPP_NOT_INITIALIZED', {
        message: 'the Cloud API refused the access token',
        details,
        cause: error,
      });
    }
    if (error.code !== null && INVALID_RECIPIENT.has(error.code)) {
      return new DomainError('ERR_WAPP_INVALID_CONTACT', { message: error.message, details, cause: error });
    }
    if (error.code === OUTSIDE_WINDOW) {
      return new DomainError('ERR_SENDING_WAPP_MSG', {
        message: 'more than 24 hours since the customer last wrote: only templates may be sent',
        details: { ...details, reason: 'outsideCustomerServiceWindow' },
        cause: error,
      });
    }
    if (isTemplateRefusal(error.code)) {
      return new DomainError('ERR_SENDING_WAPP_MSG', {
        message: `the template was refused: ${error.message}`,
        details: { ...details, reason: 'templateRefused' },
        cause: error,
      });
    }
    return new DomainError('ERR_SENDING_WAPP_MSG', { message: error.message, details, cause: error });
  }
}

/** What a Graph failure may show in a log line (never the token, never the request body). */
export const graphLog = (error: GraphError): Record<string, unknown> => ({
  graphStatus: error.status,
  graphCode: error.code,
  graphSubcode: error.subcode,
  graphMessage: error.message,
  fbtraceId: error.fbtraceId,
});
