import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CompanySnapshot } from '@cs/proto/events';
import { APP_CONFIG } from '@cs/platform/config';
import { OutboundRequestError, parseAllowedHosts, SafeHttpClient } from '@cs/platform/http';
import { LOGGER } from '@cs/platform/logging';
import type { IdentityConfig } from '../../config/env.js';

/** How long the automation may take; the signup never waits for it. */
export const SIGNUP_WEBHOOK_TIMEOUT_MS = 5_000;

/** What the automation receives: the new company and its first admin's contact, never the password. */
export interface SignupWebhookPayload {
  readonly event: 'company.signup';
  readonly occurredAt: string;
  readonly company: {
    readonly id: number;
    readonly name: string;
    readonly email: string | null;
    readonly phone: string | null;
    readonly planId: number | null;
    readonly planName: string | null;
    readonly dueDate: string | null;
    readonly recurrence: string | null;
  };
}

/**
 * Issue 18: after a successful signup, identity (not the browser) posts the signup data to `SIGNUP_WEBHOOK_URL`
 * when set (a CRM, n8n...). Fire-and-forget through the SSRF-safe client with a short deadline: a slow, failing
 * or refused webhook is logged (host and reason only) and never delays or fails the signup.
 */
@Injectable()
export class SignupWebhook {
  private readonly http: SafeHttpClient;
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.http = new SafeHttpClient({
      allowedHosts: parseAllowedHosts(config.OUTBOUND_HTTP_ALLOWED_HOSTS),
      timeoutMs: SIGNUP_WEBHOOK_TIMEOUT_MS,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
    });
    this.logger = logger.child({ component: 'signup-webhook' });
  }

  /** Starts the post and returns at once. */
  notify(company: CompanySnapshot, now: Date = new Date()): void {
    const url = this.config.SIGNUP_WEBHOOK_URL;
    if (!url) return;
    const payload: SignupWebhookPayload = {
      event: 'company.signup',
      occurredAt: now.toISOString(),
      company: {
        id: company.id,
        name: company.name,
        email: company.email,
        phone: company.phone,
        planId: company.plan?.id ?? null,
        planName: company.plan?.name ?? null,
        dueDate: company.dueDate,
        recurrence: company.recurrence,
      },
    };
    const host = safeHost(url);
    void this.http
      .request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
      .then((response) => {
        if (response.status >= 300) {
          this.logger.warn({ host, status: response.status, companyId: company.id }, 'signup webhook refused');
        } else this.logger.info({ host, status: response.status, companyId: company.id }, 'signup webhook sent');
      })
      .catch((error: unknown) => {
        const reason = error instanceof OutboundRequestError ? error.code : 'ERR_OUTBOUND_NETWORK';
        this.logger.warn({ host, reason, companyId: company.id }, 'signup webhook failed');
      });
  }
}

/** The host only: a webhook URL often carries a token in its path or query. */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}
