import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { AiResponder } from '../prompts/ai-responder.js';
import { PlanGate } from '../prompts/plan-gate.js';
import { PromptsRepository } from '../prompts/prompts.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { BotHandOff } from './bot-hand-off.js';
import type { StoredMessage } from './bot-ownership.js';
import { BotReplies } from './bot-replies.js';
import type { BotReply } from './integration-runner.js';

/**
 * An AI prompt answers a customer message on a ticket it owns (reference §2.3): an audio message is transcribed
 * first, the answer is sent as audio when the prompt speaks, else as text, and the model's transfer signal hands
 * the ticket to the prompt's queue. A prompt that is gone or a plan without OpenAI hands the ticket to a person.
 */
@Injectable()
export class PromptReplier {
  constructor(
    private readonly prompts: PromptsRepository,
    private readonly plans: PlanGate,
    private readonly ai: AiResponder,
    private readonly replies: BotReplies,
    private readonly handOff: BotHandOff,
  ) {}

  async answer(companyId: CompanyId, ticket: TicketRow, message: StoredMessage, contactName: string): Promise<void> {
    if (ticket.promptId === null) return;
    const prompt = await this.prompts.find(companyId, ticket.promptId);
    if (!prompt || !(await this.plans.allows(companyId, 'useOpenAi'))) {
      await this.handOff.handOff(companyId, ticket, prompt?.queueId ?? null);
      return;
    }
    const transcripts = new Map<string, string>();
    if (message.mediaType === 'audio' && message.mediaUrl) {
      const audio = await this.ai.readMedia(message.mediaUrl);
      transcripts.set(message.id, await this.ai.transcribe(prompt, audio, 'audio.ogg'));
    }
    const answer = await this.ai.answer(companyId, ticket.id, prompt, contactName, transcripts);
    const replies: BotReply[] = [];
    if (answer.audio) replies.push({ kind: 'file', ...answer.audio, caption: '' });
    else if (answer.text) replies.push({ kind: 'text', text: answer.text });
    await this.replies.deliver(companyId, ticket, {
      replies,
      handOff: answer.handOff ? { queueId: prompt.queueId } : null,
    });
    await this.prompts.clearFailure(companyId, prompt.id);
  }
}
