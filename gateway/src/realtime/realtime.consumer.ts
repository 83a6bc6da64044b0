import { Controller, Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Envelope, EventOf } from '@cs/proto/common';
import type { CompanyCreated, CompanyDeleted, CompanyRenewed, CompanyUpdated, UserSnapshot } from '@cs/proto/events';
import { channel } from '@cs/proto/realtime';
import { APP_CONFIG } from '@cs/platform/config';
import { EventPattern, Payload } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { AuthState } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import type { Emission } from './emission.js';
import { project } from './projections/index.js';
import { SocketServer } from './socket-server.js';

type CompanyEvent =
  | EventOf<typeof CompanyCreated>
  | EventOf<typeof CompanyUpdated>
  | EventOf<typeof CompanyDeleted>
  | EventOf<typeof CompanyRenewed>;

/**
 * The gateway's consumer (its own consumer group per instance, starting at the latest offsets): every topic that
 * maps to a socket channel is projected to the spec's events in the right rooms; identity's topics also update
 * the gateway's auth state (revoked sessions, newer plan flags, due dates, profiles and queues).
 */
@Controller()
export class RealtimeConsumer {
  constructor(
    private readonly sockets: SocketServer,
    private readonly state: AuthState,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern('identity.company.v1')
  onCompany(@Payload() event: CompanyEvent): void {
    const atMs = Date.parse(event.occurredAt);
    if (event.type === 'identity.company.deleted') {
      this.state.setCompany(event.companyId, { plan: null, dueDate: null, timezone: 'UTC', atMs, deleted: true });
      this.sockets.disconnectCompany(event.companyId);
      return;
    }
    const company = event.data;
    if (company.id !== event.companyId) return;
    const plan = company.plan;
    this.state.setCompany(company.id, {
      plan: plan
        ? {
            useCampaigns: plan.useCampaigns,
            useSchedules: plan.useSchedules,
            useInternalChat: plan.useInternalChat,
            useExternalApi: plan.useExternalApi,
            useKanban: plan.useKanban,
            useOpenAi: plan.useOpenAi,
            useIntegrations: plan.useIntegrations,
          }
        : null,
      dueDate: company.dueDate,
      timezone: company.timezone,
      atMs,
    });
    // after the state: a renewed company's sockets hear the payment once its new due date already counts
    this.fanOut('identity.company.v1', event);
  }

  @EventPattern('identity.user.v1')
  async onUser(@Payload() event: Envelope): Promise<void> {
    const atMs = Date.parse(event.occurredAt);
    const companyId = event.companyId;
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated': {
        const user = event.data as UserSnapshot;
        if (user.companyId !== companyId) return;
        const change = {
          profile: user.profile,
          isSuper: user.super,
          queueIds: user.queueIds,
          allTicket: user.allTicket,
        };
        this.state.setUser(user.id, { ...change, atMs });
        await this.sockets.updateUser(companyId, user.id, change);
        break;
      }
      case 'identity.user.deleted': {
        const { id } = event.data as { id: number };
        this.state.setUser(id, {
          profile: 'user',
          isSuper: false,
          queueIds: [],
          allTicket: 'disable',
          atMs,
          deleted: true,
        });
        break;
      }
      case 'identity.user.logged-in': {
        const { id, sessionId } = event.data as { id: number; sessionId: string };
        this.state.revokeUserSessions(id, atMs, sessionId);
        break;
      }
      case 'identity.user.sessions-revoked': {
        const data = event.data as { id: number; sessionId?: string; exceptSessionId?: string };
        if (data.sessionId) this.state.revokeSession(data.sessionId);
        else this.state.revokeUserSessions(data.id, atMs, data.exceptSessionId);
        break;
      }
    }
    for (const emission of project('identity.user.v1', event)) {
      const serialized = await this.withSerializedUser(companyId, emission);
      if (serialized) this.sockets.emit(companyId, serialized);
    }
    // sockets of ended sessions go after any notice was sent to them
    switch (event.type) {
      case 'identity.user.deleted':
        this.sockets.disconnectUser(companyId, (event.data as { id: number }).id);
        break;
      case 'identity.user.logged-in': {
        const { id, sessionId } = event.data as { id: number; sessionId: string };
        this.sockets.disconnectUser(companyId, id, sessionId);
        break;
      }
      case 'identity.user.sessions-revoked': {
        const data = event.data as { id: number; sessionId?: string; exceptSessionId?: string };
        if (data.sessionId) this.sockets.disconnectSession(data.sessionId);
        else this.sockets.disconnectUser(companyId, data.id, data.exceptSessionId);
        break;
      }
    }
  }

  @EventPattern('identity.settings.v1')
  onSettings(@Payload() event: Envelope): void {
    this.fanOut('identity.settings.v1', event);
  }

  @EventPattern('identity.announcement.v1')
  onAnnouncement(@Payload() event: Envelope): void {
    this.fanOut('identity.announcement.v1', event);
  }

  @EventPattern('tickets.ticket.v1')
  onTicket(@Payload() event: Envelope): void {
    this.fanOut('tickets.ticket.v1', event);
  }

  @EventPattern('tickets.message.v1')
  onMessage(@Payload() event: Envelope): void {
    this.fanOut('tickets.message.v1', event);
  }

  @EventPattern('tickets.queue.v1')
  onQueue(@Payload() event: Envelope): void {
    this.fanOut('tickets.queue.v1', event);
  }

  @EventPattern('tickets.tag.v1')
  onTag(@Payload() event: Envelope): void {
    this.fanOut('tickets.tag.v1', event);
  }

  @EventPattern('tickets.quick-message.v1')
  onQuickMessage(@Payload() event: Envelope): void {
    this.fanOut('tickets.quick-message.v1', event);
  }

  @EventPattern('tickets.schedule.v1')
  onSchedule(@Payload() event: Envelope): void {
    this.fanOut('tickets.schedule.v1', event);
  }

  @EventPattern('tickets.chat.v1')
  onChat(@Payload() event: Envelope): void {
    this.fanOut('tickets.chat.v1', event);
  }

  @EventPattern('contacts.contact.v1')
  onContact(@Payload() event: Envelope): void {
    this.fanOut('contacts.contact.v1', event);
  }

  @EventPattern('contacts.contact-list.v1')
  onContactList(@Payload() event: Envelope): void {
    this.fanOut('contacts.contact-list.v1', event);
  }

  @EventPattern('contacts.import.v1')
  onImport(@Payload() event: Envelope): void {
    this.fanOut('contacts.import.v1', event);
  }

  @EventPattern('whatsapp.connection.v1')
  onConnection(@Payload() event: Envelope): void {
    this.fanOut('whatsapp.connection.v1', event);
  }

  @EventPattern('tickets.prompt.v1')
  onPrompt(@Payload() event: Envelope): void {
    this.fanOut('tickets.prompt.v1', event);
  }

  @EventPattern('tickets.queue-integration.v1')
  onQueueIntegration(@Payload() event: Envelope): void {
    this.fanOut('tickets.queue-integration.v1', event);
  }

  @EventPattern('campaigns.campaign.v1')
  onCampaign(@Payload() event: Envelope): void {
    this.fanOut('campaigns.campaign.v1', event);
  }

  @EventPattern('campaigns.file-list.v1')
  onFileList(@Payload() event: Envelope): void {
    this.fanOut('campaigns.file-list.v1', event);
  }

  /**
   * `company-{id}-user` create/update carry the user as the established server serializes it (queues with their
   * `UserQueue`, the company), read from identity when the event arrives; without it the event is not sent (a
   * client replacing its own user with a partial one loses its queues and company).
   */
  private async withSerializedUser(companyId: number, emission: Emission): Promise<Emission | null> {
    const payload = emission.payload as { action?: string; user?: UserSnapshot };
    if (emission.event !== channel.user(companyId) || !payload.user) return emission;
    const base = this.config.IDENTITY_URL;
    if (!base) return null;
    const user = payload.user;
    try {
      const response = await fetch(`${base}/internal/users/${user.id}`, {
        headers: {
          [IDENTITY_HEADERS.internalToken]: this.config.INTERNAL_TOKEN,
          [IDENTITY_HEADERS.companyId]: String(companyId),
          [IDENTITY_HEADERS.userId]: String(user.id),
          [IDENTITY_HEADERS.profile]: user.profile,
          [IDENTITY_HEADERS.isSuper]: String(user.super),
        },
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return null; // deleted meanwhile: its delete event follows
      }
      return { ...emission, payload: { action: payload.action, user: await response.json() } };
    } catch (error) {
      this.logger.warn({ err: error, userId: user.id }, 'could not read the serialized user from identity');
      return null;
    }
  }

  private fanOut(topic: string, event: Envelope): void {
    for (const emission of project(topic, event)) this.sockets.emit(event.companyId, emission);
  }
}
