import { Injectable } from '@nestjs/common';
import type { PromptSnapshot } from '@cs/proto/events';
import type { PromptResponse } from '@cs/proto/http';
import type { PromptRow } from './prompts.repository.js';
import { maskSecret, SecretBox } from './secret-box.js';

/** A prompt as clients and events see it: the keys masked (last four characters only). */
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
      voiceKey: maskSecret(row.voiceKeyEnc ? this.secrets.open(row.voiceKeyEnc) : null),
      voiceRegion: row.voiceRegion,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      apiKey: maskSecret(this.secrets.open(row.apiKeyEnc)),
      queueId: row.queueId,
      maxMessages: row.maxMessages,
      queue: row.queue,
    };
  }

  view(row: PromptRow): PromptResponse {
    return { ...this.snapshot(row), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  }
}
