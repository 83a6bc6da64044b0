import { Controller, Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { assertUnreachable, type Envelope } from '@cs/proto/common';
import {
  IdentityCompanyTopic,
  IdentityUserTopic,
  REALTIME_TOPICS,
  type RealtimeTopic,
  type TypedEvent,
} from '@cs/proto/events';
import type { SocketUser } from '@cs/proto/realtime';
import { APP_CONFIG } from '@cs/platform/config';
import { type EventContext, OnTopic } from '@cs/platform/events/transport';
import { LOGGER } from '@cs/platform/logging';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { AuthState } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import type { Emission, UserSnapshotEmission } from './emission.js';
import { projectUser } from './projections/identity.js';
import { project } from './projections/index.js';
import { SocketServer } from './socket-server.js';

/** The topics marked `realtime` whose events only fan out (companies' and users' also change the auth state). */
const FAN_OUT_TOPICS = REALTIME_TOPICS.filter(
  (topic) => topic.name !== IdentityCompanyTopic.name && topic.name !== IdentityUserTopic.name,
);

/**
 * The gateway's consumer (its own consumer group per instance, starting at the latest offsets): every topic marked
 * `realtime` in the proto registry (and only those) is projected to the spec's events in the right rooms; identity's topics also update
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

  @OnTopic(IdentityCompanyTopic)
  onCompany(event: TypedEvent<typeof IdentityCompanyTopic>): void {
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

  @OnTopic(IdentityUserTopic)
  async onUser(event: TypedEvent<typeof IdentityUserTopic>): Promise<void> {
    const atMs = Date.parse(event.occurredAt);
    const companyId = event.companyId;
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated': {
        const user = event.data;
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
        this.state.setUser(event.data.id, {
          profile: 'user',
          isSuper: false,
          queueIds: [],
          allTicket: 'disable',
          atMs,
          deleted: true,
        });
        break;
      }
      case 'identity.user.logged-in':
        this.state.revokeUserSessions(event.data.id, atMs, event.data.sessionId);
        break;
      case 'identity.user.sessions-revoked': {
        const { data } = event;
        if (data.sessionId) this.state.revokeSession(data.sessionId);
        else this.state.revokeUserSessions(data.id, atMs, data.exceptSessionId);
        break;
      }
      default:
        assertUnreachable(event);
    }
    for (const projected of projectUser(event)) {
      const emission = 'userSnapshot' in projected ? await this.withSerializedUser(companyId, projected) : projected;
      if (emission) this.sockets.emit(companyId, emission);
    }
    // sockets of ended sessions go after any notice was sent to them
    switch (event.type) {
      case 'identity.user.deleted':
        this.sockets.disconnectUser(companyId, event.data.id);
        break;
      case 'identity.user.logged-in':
        this.sockets.disconnectUser(companyId, event.data.id, event.data.sessionId);
        break;
      case 'identity.user.sessions-revoked': {
        const { data } = event;
        if (data.sessionId) this.sockets.disconnectSession(data.sessionId);
        else this.sockets.disconnectUser(companyId, data.id, data.exceptSessionId);
        break;
      }
      case 'identity.user.created':
      case 'identity.user.updated':
        break;
      default:
        assertUnreachable(event);
    }
  }

  /** Every other topic marked `realtime` in the proto registry: its events only fan out to sockets. */
  @OnTopic(...FAN_OUT_TOPICS)
  onEvent(event: TypedEvent<RealtimeTopic>, ctx: EventContext): void {
    this.fanOut(ctx.topic, event);
  }

  /**
   * `company-{id}-user` create/update carry the user as the established server serializes it (queues with their
   * `UserQueue`, the company), read from identity when the event arrives; without it the event is not sent (a
   * client replacing its own user with a partial one loses its queues and company).
   */
  private async withSerializedUser(companyId: number, projected: UserSnapshotEmission): Promise<Emission | null> {
    const base = this.config.IDENTITY_URL;
    if (!base) return null;
    const user = projected.userSnapshot;
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
      // identity's `SessionUser`, as login returns it
      const serialized = (await response.json()) as SocketUser;
      return {
        event: projected.event,
        payload: { action: projected.action, user: serialized },
        rooms: projected.rooms,
      };
    } catch (error) {
      this.logger.warn({ err: error, userId: user.id }, 'could not read the serialized user from identity');
      return null;
    }
  }

  private fanOut(topic: string, event: Envelope): void {
    for (const emission of project(topic, event)) {
      if ('payload' in emission) this.sockets.emit(event.companyId, emission);
    }
  }
}
