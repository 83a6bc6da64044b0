import OpenAI from 'openai';
import { OutboundRequestError } from '@cs/platform/http';
import { describeFailure } from './automation-failure.js';
import { DialogflowError } from './dialogflow.client.js';

describe(describeFailure.name, () => {
  it('names the provider and what it answered, never the key it echoes', () => {
    const quota = OpenAI.APIError.generate(
      429,
      { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
      undefined,
      new Headers(),
    );
    expect(describeFailure(quota)).toBe('OpenAI answered 429 (insufficient_quota)');
    const wrongKey = new Error('Incorrect API key provided: sk-proj-abcdEFGH1234. Bearer abc.def');
    expect(describeFailure(wrongKey)).not.toMatch(/sk-proj|abc\.def/);
    expect(describeFailure(new DialogflowError('detectIntent answered 403', 403))).toBe(
      'Dialogflow: detectIntent answered 403',
    );
  });

  it('tells a timeout, a refused address and an unreadable stored key apart, in at most 200 characters', () => {
    expect(describeFailure(new OutboundRequestError('ERR_OUTBOUND_TIMEOUT', 'no complete answer within 300 ms'))).toBe(
      'no answer in time (no complete answer within 300 ms)',
    );
    expect(
      describeFailure(new OutboundRequestError('ERR_OUTBOUND_ADDRESS', 'the address is not reachable from here')),
    ).toBe('address refused: the address is not reachable from here');
    expect(describeFailure(new Error('unreadable stored secret'))).toBe(
      'the stored key cannot be read: enter it again',
    );
    expect(describeFailure(new Error('x'.repeat(500))).length).toBeLessThanOrEqual(200);
  });
});
