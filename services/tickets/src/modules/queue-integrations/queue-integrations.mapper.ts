import { Injectable } from '@nestjs/common';
import type { QueueIntegrationSnapshot } from '@cs/proto/events';
import type { QueueIntegrationResponse } from '@cs/proto/http';
import { SecretBox } from '@cs/platform/secrets';
import type { QueueIntegrationRow } from './queue-integrations.repository.js';
import { maskServiceAccount } from './service-account.js';

/**
 * An integration as clients and events see it: the service account's private key masked. A stored account the
 * service's secrets key cannot open shows empty, and the admin's view flags it to be entered again.
 */
@Injectable()
export class QueueIntegrationsMapper {
  constructor(private readonly secrets: SecretBox) {}

  snapshot(row: QueueIntegrationRow): QueueIntegrationSnapshot {
    return {
      id: row.id,
      companyId: row.companyId,
      type: row.type,
      name: row.name,
      projectName: row.projectName,
      jsonContent: maskServiceAccount((row.jsonContentEnc && this.secrets.tryOpen(row.jsonContentEnc)) ?? ''),
      language: row.language,
      urlN8N: row.urlN8N,
      typebotSlug: row.typebotSlug,
      typebotExpires: row.typebotExpires,
      typebotDelayMessage: row.typebotDelayMessage,
      typebotKeywordFinish: row.typebotKeywordFinish,
      typebotKeywordRestart: row.typebotKeywordRestart,
      typebotUnknownMessage: row.typebotUnknownMessage,
      typebotRestartMessage: row.typebotRestartMessage,
    };
  }

  view(row: QueueIntegrationRow): QueueIntegrationResponse {
    return {
      ...this.snapshot(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastError: row.lastError ? { at: row.lastError.at.toISOString(), message: row.lastError.message } : null,
      keyUnreadable: row.jsonContentEnc !== null && this.secrets.tryOpen(row.jsonContentEnc) === null,
    };
  }
}
