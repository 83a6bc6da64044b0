import { asCompanyId } from '@cs/proto/common';
import { ConversationHooks, Hook, type InboundResponder } from './conversation-hooks.js';

const COMPANY = asCompanyId(2);

describe('a conversation hook', () => {
  it('runs its handlers one after another, in the order they subscribed', async () => {
    const hook = new Hook<string>();
    const seen: string[] = [];
    hook.on(async (_companyId, subject) => {
      await Promise.resolve();
      seen.push(`first ${subject}`);
    });
    hook.on(async (_companyId, subject) => {
      seen.push(`second ${subject}`);
    });
    await hook.emit(COMPANY, 'x');
    expect(seen).toEqual(['first x', 'second x']);
  });

  it("fails the emitter's unit of work with a handler's error, running no later handler", async () => {
    const hook = new Hook<number>();
    let later = 0;
    hook.on(async () => {
      throw new Error('the automation failed');
    });
    hook.on(async () => {
      later += 1;
    });
    await expect(hook.emit(COMPANY, 1)).rejects.toThrow('the automation failed');
    expect(later).toBe(0);
  });

  it('does nothing without subscribers', async () => {
    await expect(new Hook<number>().emit(COMPANY, 1)).resolves.toBeUndefined();
  });
});

describe('the inbound responder', () => {
  const responder: InboundResponder = {
    answers: () => true,
    prepare: () => Promise.reject(new Error('not in this test')),
    failed: async () => undefined,
  };

  it('is nobody until the automation subscribes: no ticket is answered', () => {
    const hooks = new ConversationHooks();
    expect(hooks.inbound.answers({} as never)).toBe(false);
    hooks.answerWith(responder);
    expect(hooks.inbound).toBe(responder);
  });

  it('is one: a second subscription is refused', () => {
    const hooks = new ConversationHooks();
    hooks.answerWith(responder);
    expect(() => hooks.answerWith(responder)).toThrow('a second inbound responder subscribed');
  });
});
