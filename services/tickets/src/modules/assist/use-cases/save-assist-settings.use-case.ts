import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { AssistSettingsInput, AssistSettingsResponse } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { validationError } from '@cs/platform/errors';
import { OutboundRequestError } from '@cs/platform/http';
import { SecretBox } from '@cs/platform/secrets';
import { keepsSecret, maskSecret } from '../../prompts/tickets-secrets.js';
import { AssistEndpoint } from '../assist-endpoint.js';
import { AssistSettingsRepository } from '../assist-settings.repository.js';

export const NOT_CONFIGURED: AssistSettingsResponse = { configured: false, baseUrl: '', apiKey: '', model: '' };

/**
 * Sets the company's AI endpoint: the base URL must pass the SSRF rules' syntactic check (names are checked again,
 * resolved, on every call), the key is required the first time and kept when sent back masked or left out.
 */
@Injectable()
export class SaveAssistSettingsUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly settings: AssistSettingsRepository,
    private readonly secrets: SecretBox,
    private readonly endpoint: AssistEndpoint,
  ) {}

  async execute(companyId: CompanyId, input: AssistSettingsInput): Promise<AssistSettingsResponse> {
    try {
      this.endpoint.check(input.baseUrl);
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      throw validationError([
        { path: 'baseUrl', message: 'Endereço não permitido (use um endereço público http:// ou https://)' },
      ]);
    }
    return this.transactions.run(async () => {
      const before = await this.view(companyId);
      const stored = await this.settings.find(companyId);
      // a stored key kept as it is must still open with the service's secrets key, else it is typed again
      const kept = stored && this.secrets.tryOpen(stored.apiKeyEnc) !== null ? stored.apiKeyEnc : null;
      const apiKeyEnc = keepsSecret(input.apiKey) ? kept : this.secrets.seal(input.apiKey as string);
      if (!apiKeyEnc) throw validationError([{ path: 'apiKey', message: 'Obrigatório' }]);
      await this.settings.save(companyId, { baseUrl: input.baseUrl, apiKeyEnc, model: input.model });
      const after = await this.view(companyId);
      await this.audit.record({
        action: 'ai-assist.updated',
        target: { type: 'ai-assist', id: companyId, label: after.baseUrl },
        before: before.configured ? before : null,
        after,
      });
      return after;
    });
  }

  /** `DELETE /ai-assist/settings`: nothing is sent anywhere after it. */
  async remove(companyId: CompanyId): Promise<void> {
    await this.transactions.run(async () => {
      const before = await this.view(companyId);
      if (!before.configured) return;
      await this.settings.remove(companyId);
      await this.audit.record({
        action: 'ai-assist.removed',
        target: { type: 'ai-assist', id: companyId, label: before.baseUrl },
        before,
        after: null,
      });
    });
  }

  async view(companyId: CompanyId): Promise<AssistSettingsResponse> {
    const stored = await this.settings.find(companyId);
    if (!stored) return NOT_CONFIGURED;
    // a key sealed under a secrets key no longer configured shows as missing: the admin types it again
    const key = this.secrets.tryOpen(stored.apiKeyEnc);
    return { configured: true, baseUrl: stored.baseUrl, apiKey: maskSecret(key), model: stored.model };
  }
}
