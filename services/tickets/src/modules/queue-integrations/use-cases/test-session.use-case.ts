import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { QueueIntegrationTestSessionRequest } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { SecretBox } from '@cs/platform/secrets';
import { DialogflowClient, DialogflowError } from '../dialogflow.client.js';
import { QueueIntegrationsRepository } from '../queue-integrations.repository.js';
import { mergeServiceAccount, parseServiceAccount } from '../service-account.js';

/**
 * `POST /queueIntegration/testSession`: one detectIntent ("Olá") with the credentials being edited, in a fresh
 * session. The masked private key of an integration being edited is replaced by its stored one.
 */
@Injectable()
export class TestSessionUseCase {
  constructor(
    private readonly integrations: QueueIntegrationsRepository,
    private readonly secrets: SecretBox,
    private readonly dialogflow: DialogflowClient,
  ) {}

  async execute(
    companyId: CompanyId,
    body: QueueIntegrationTestSessionRequest,
  ): Promise<{ ok: true; fulfillmentText: string; intent: string }> {
    let stored: string | null = null;
    if (body.integrationId) {
      const integration = await this.integrations.find(companyId, body.integrationId);
      if (!integration) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
      stored = integration.jsonContentEnc ? this.secrets.tryOpen(integration.jsonContentEnc) : null;
    }
    const merged = mergeServiceAccount(body.jsonContent, stored);
    const account = merged ? parseServiceAccount(merged) : null;
    if (!account) {
      throw new DomainError('ERR_INTEGRATION_TEST_FAILED', {
        details: [{ path: 'jsonContent', message: 'JSON da conta de serviço inválido' }],
      });
    }
    try {
      const result = await this.dialogflow.detectIntent(
        account,
        body.projectName,
        `test-${randomUUID()}`,
        'Olá',
        body.language,
      );
      return { ok: true, fulfillmentText: result.fulfillmentText, intent: result.intent };
    } catch (error) {
      if (error instanceof DialogflowError || error instanceof TypeError || (error as Error).name === 'TimeoutError') {
        throw new DomainError('ERR_INTEGRATION_TEST_FAILED', { cause: error });
      }
      throw error;
    }
  }
}
