import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { PROMPT_DEFAULTS, PromptCreated, PromptUpdated } from '@cs/proto/events';
import type { PromptRequest, PromptResponse } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { PromptsMapper } from '../prompts.mapper.js';
import { type PromptRow, PromptsRepository, type PromptWrite } from '../prompts.repository.js';
import { SecretBox } from '@cs/platform/secrets';
import { keepsSecret } from '../tickets-secrets.js';

/**
 * `POST /prompt` and `PUT /prompt/{id}`: the queue must be one of the company's ('Informe o setor'); the API key
 * is required on create and stored encrypted; a key sent back masked (or left out) keeps the stored one; the
 * Azure voice needs its key and region.
 */
@Injectable()
export class SavePromptUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly prompts: PromptsRepository,
    private readonly mapper: PromptsMapper,
    private readonly secrets: SecretBox,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async create(companyId: CompanyId, body: PromptRequest): Promise<PromptResponse> {
    return this.save(companyId, null, body);
  }

  async update(companyId: CompanyId, id: number, body: PromptRequest): Promise<PromptResponse> {
    return this.save(companyId, id, body);
  }

  private async save(companyId: CompanyId, id: number | null, body: PromptRequest): Promise<PromptResponse> {
    return this.transactions.run(async () => {
      const current = id === null ? null : await this.prompts.find(companyId, id);
      if (id !== null && !current) throw new DomainError('ERR_NO_PROMPT_FOUND');
      const write = await this.writeOf(companyId, body, current);
      const savedId = current ? current.id : await this.prompts.insert(companyId, write);
      if (current) await this.prompts.update(companyId, current.id, write);
      const saved = (await this.prompts.find(companyId, savedId)) as PromptRow;
      const event = current ? PromptUpdated : PromptCreated;
      await this.events.emit(event, { companyId, key: saved.id, data: this.mapper.snapshot(saved) });
      await this.audit.record({
        action: current ? 'prompt.updated' : 'prompt.created',
        target: { type: 'prompt', id: saved.id, label: saved.name },
        before: current,
        after: saved,
      });
      return this.mapper.view(saved);
    });
  }

  private async writeOf(companyId: CompanyId, body: PromptRequest, current: PromptRow | null): Promise<PromptWrite> {
    if (!(await this.prompts.queueExists(companyId, body.queueId))) {
      throw validationError([{ path: 'queueId', message: 'Informe o setor' }]);
    }
    // a stored key kept as it is must still open with the service's secrets key, else it is entered again
    const readable = (sealed: string | null | undefined): string | null =>
      sealed && this.secrets.tryOpen(sealed) !== null ? sealed : null;
    const apiKeyEnc = keepsSecret(body.apiKey)
      ? readable(current?.apiKeyEnc)
      : body.apiKey
        ? this.secrets.seal(body.apiKey)
        : null;
    if (!apiKeyEnc) throw validationError([{ path: 'apiKey', message: 'Obrigatório' }]);
    const voiceKeyEnc = keepsSecret(body.voiceKey)
      ? readable(current?.voiceKeyEnc)
      : body.voiceKey
        ? this.secrets.seal(body.voiceKey)
        : null;
    const voice = body.voice ?? current?.voice ?? PROMPT_DEFAULTS.voice;
    const voiceRegion = body.voiceRegion ?? current?.voiceRegion ?? '';
    if (voice !== 'texto') {
      const missing = [
        ...(voiceKeyEnc ? [] : [{ path: 'voiceKey', message: 'Obrigatório' }]),
        ...(voiceRegion ? [] : [{ path: 'voiceRegion', message: 'Obrigatório' }]),
      ];
      if (missing.length > 0) throw validationError(missing);
    }
    return {
      name: body.name,
      prompt: body.prompt,
      voice,
      voiceKeyEnc,
      voiceRegion,
      maxTokens: body.maxTokens ?? current?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      temperature: body.temperature ?? current?.temperature ?? PROMPT_DEFAULTS.temperature,
      apiKeyEnc,
      queueId: body.queueId,
      maxMessages: body.maxMessages ?? current?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
    };
  }
}
