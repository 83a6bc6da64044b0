import { Controller } from '@nestjs/common';
import type { Envelope, EventOf } from '@cs/proto/common';
import type { CompanyCreated, CompanyDeleted, CompanyUpdated, UserSnapshot } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { AuthState } from '../auth/auth-state.js';
import { project } from './projections/index.js';
import { SocketServer } from './socket-server.js';

type CompanyEvent = EventOf<typeof CompanyCreated> | EventOf<typeof CompanyUpdated> | EventOf<typeof CompanyDeleted>;

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
    this.fanOut('identity.user.v1', event);
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

  private fanOut(topic: string, event: Envelope): void {
    for (const emission of project(topic, event)) this.sockets.emit(event.companyId, emission);
  }
}
