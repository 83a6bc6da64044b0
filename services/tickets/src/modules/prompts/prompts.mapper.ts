import { Injectable } from '@nestjs/common';
import type { PromptSnapshot } from '@cs/proto/events';
import type { PromptResponse } from '@cs/proto/http';
import type { PromptRow } from './prompts.repository.js';
import { SecretBox } from '@cs/platform/secrets';
import { maskSecret } from './tickets-secrets.js';

/**
 * A prompt as clients and events see it: the keys masked (last four characters only). A stored key the service's
 * secrets key cannot open shows empty, and the admin's view flags it to be entered again.
 */
@Injectable()
export class PromptsMapper {
  constructor(private readonly secrets: SecretBox) {}

  snapshot(row: PromptRow): PromptSnapshot {
    return {
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      prompt: row.prompt,
      voice: row.voice,
      voiceKey: maskSecret(row.voiceKeyEnc ? this.secrets.tryOpen(row.voiceKeyEnc) : null),
      voiceRegion: row.voiceRegion,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      apiKey: maskSecret(this.secrets.tryOpen(row.apiKeyEnc)),
      queueId: row.queueId,
      maxMessages: row.maxMessages,
      queue: row.queue,
    };
  }

  view(row: PromptRow): PromptResponse {
    const unreadable = (sealed: string | null): boolean => sealed !== null && this.secrets.tryOpen(sealed) === null;
    return {
      ...this.snapshot(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastError: row.lastError ? { at: row.lastError.at.toISOString(), message: row.lastError.message } : null,
      keyUnreadable: unreadable(row.apiKeyEnc) || unreadable(row.voiceKeyEnc),
    };
  }
}
