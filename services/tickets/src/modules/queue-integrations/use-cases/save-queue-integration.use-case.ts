import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QUEUE_INTEGRATION_DEFAULTS, QueueIntegrationCreated, QueueIntegrationUpdated } from '@cs/proto/events';
import type { QueueIntegrationRequest, QueueIntegrationResponse } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, type FieldError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { SecretBox } from '@cs/platform/secrets';
import { PROJECT_ID_PATTERN } from '../dialogflow.client.js';
import { QueueIntegrationsMapper } from '../queue-integrations.mapper.js';
import {
  type QueueIntegrationRow,
  QueueIntegrationsRepository,
  type QueueIntegrationWrite,
} from '../queue-integrations.repository.js';
import { mergeServiceAccount } from '../service-account.js';

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/**
 * `POST /queueIntegration` and `PUT /queueIntegration/{id}` (a partial body keeps the other fields): name unique
 * in the company; per type, typebot needs its base URL and slug, n8n and webhook their URL (http/https, no
 * credentials in it; the address itself is checked by the SSRF-safe client on every call), dialogflow its project
 * and service-account key (stored encrypted; the masked key sent back keeps the stored one).
 */
@Injectable()
export class SaveQueueIntegrationUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly integrations: QueueIntegrationsRepository,
    private readonly mapper: QueueIntegrationsMapper,
    private readonly secrets: SecretBox,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async create(companyId: CompanyId, body: QueueIntegrationRequest): Promise<QueueIntegrationResponse> {
    return this.save(companyId, null, body);
  }

  async update(
    companyId: CompanyId,
    id: number,
    body: Partial<QueueIntegrationRequest>,
  ): Promise<QueueIntegrationResponse> {
    return this.save(companyId, id, body);
  }

  private async save(
    companyId: CompanyId,
    id: number | null,
    body: Partial<QueueIntegrationRequest>,
  ): Promise<QueueIntegrationResponse> {
    return this.transactions.run(async () => {
      const current = id === null ? null : await this.integrations.find(companyId, id);
      if (id !== null && !current) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
      const write = this.writeOf(body, current);
      if (await this.integrations.nameTaken(companyId, write.name, current?.id ?? null)) {
        throw new DomainError('ERR_INTEGRATION_NAME_ALREADY_EXISTS');
      }
      const saved = current
        ? await this.integrations.update(companyId, current.id, write)
        : await this.integrations.insert(companyId, write);
      const event = current ? QueueIntegrationUpdated : QueueIntegrationCreated;
      await this.events.emit(event, { companyId, key: saved.id, data: this.mapper.snapshot(saved) });
      await this.audit.record({
        action: current ? 'queue-integration.updated' : 'queue-integration.created',
        target: { type: 'queue-integration', id: saved.id, label: saved.name },
        before: current,
        after: saved,
      });
      return this.mapper.view(saved);
    });
  }

  private writeOf(body: Partial<QueueIntegrationRequest>, current: QueueIntegrationRow | null): QueueIntegrationWrite {
    const type = body.type ?? current?.type;
    const name = body.name ?? current?.name;
    const problems: FieldError[] = [];
    if (!type) problems.push({ path: 'type', message: 'Required' });
    if (!name) problems.push({ path: 'name', message: 'Required' });
    const pick = (sent: string | undefined, stored: string | undefined): string => (sent ?? stored ?? '').trim();
    const urlN8N = pick(body.urlN8N, current?.urlN8N);
    const typebotSlug = pick(body.typebotSlug, current?.typebotSlug);
    const projectName = pick(body.projectName, current?.projectName);
    // a stored account that cannot be decrypted counts as none: the admin enters it again
    const storedJson = current?.jsonContentEnc ? this.secrets.tryOpen(current.jsonContentEnc) : null;
    let jsonContent: string | null = storedJson;
    if (type === 'typebot' || type === 'n8n' || type === 'webhook') {
      if (!urlN8N) problems.push({ path: 'urlN8N', message: 'Required' });
      else if (!isHttpUrl(urlN8N)) problems.push({ path: 'urlN8N', message: 'URL inválida' });
    }
    if (type === 'typebot' && !typebotSlug) problems.push({ path: 'typebotSlug', message: 'Required' });
    if (type === 'typebot' && typebotSlug && !/^[\w-]+$/.test(typebotSlug)) {
      problems.push({ path: 'typebotSlug', message: 'Slug inválido' });
    }
    if (type === 'dialogflow') {
      if (!projectName) problems.push({ path: 'projectName', message: 'Required' });
      else if (!PROJECT_ID_PATTERN.test(projectName))
        problems.push({ path: 'projectName', message: 'Projeto inválido' });
      if (body.jsonContent !== undefined) jsonContent = mergeServiceAccount(body.jsonContent, storedJson);
      if (!jsonContent) problems.push({ path: 'jsonContent', message: 'JSON da conta de serviço inválido' });
    }
    if (problems.length > 0) throw validationError(problems);
    return {
      type: type as QueueIntegrationWrite['type'],
      name: (name as string).trim(),
      projectName,
      jsonContentEnc: type === 'dialogflow' && jsonContent ? this.secrets.seal(jsonContent) : null,
      language: body.language ?? current?.language ?? QUEUE_INTEGRATION_DEFAULTS.language,
      urlN8N: type === 'dialogflow' ? '' : urlN8N,
      typebotSlug,
      typebotExpires: body.typebotExpires ?? current?.typebotExpires ?? QUEUE_INTEGRATION_DEFAULTS.typebotExpires,
      typebotDelayMessage:
        body.typebotDelayMessage ?? current?.typebotDelayMessage ?? QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage,
      typebotKeywordFinish: pick(body.typebotKeywordFinish, current?.typebotKeywordFinish),
      typebotKeywordRestart: pick(body.typebotKeywordRestart, current?.typebotKeywordRestart),
      typebotUnknownMessage: body.typebotUnknownMessage ?? current?.typebotUnknownMessage ?? '',
      typebotRestartMessage: body.typebotRestartMessage ?? current?.typebotRestartMessage ?? '',
    };
  }
}
