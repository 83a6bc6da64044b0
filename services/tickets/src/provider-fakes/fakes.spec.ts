import OpenAI from 'openai';
import { markdownBubble, typebotFake } from './fakes.js';
import { DEMO_ANSWERS, startDevProviderFakes } from './dev.js';

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the Typebot fake's chat API", () => {
  const typebot = typebotFake({ messages: [markdownBubble('Olá, **cliente**!\nEscolha:')] }, () => ({ messages: [] }));
  beforeAll(() => typebot.start());
  afterAll(() => typebot.stop());

  it('answers markdown bubbles when asked for markdown, rich text (a paragraph a line) otherwise', async () => {
    const markdown = await post(`${typebot.url}/api/v1/typebots/loja/startChat`, {
      textBubbleContentFormat: 'markdown',
    });
    expect(markdown.body['messages']).toEqual([
      expect.objectContaining({ type: 'text', content: { type: 'markdown', markdown: 'Olá, **cliente**!\nEscolha:' } }),
    ]);
    const rich = await post(`${typebot.url}/api/v1/typebots/loja/startChat`, {});
    expect(rich.body['messages']).toEqual([
      expect.objectContaining({
        type: 'text',
        content: {
          type: 'richText',
          richText: [
            { type: 'p', children: [{ text: 'Olá, cliente!' }] },
            { type: 'p', children: [{ text: 'Escolha:' }] },
          ],
        },
      }),
    ]);
  });

  it('answers 404 for a session it never opened', async () => {
    const answer = await post(`${typebot.url}/api/v1/sessions/unknown/continueChat`, { message: { text: 'oi' } });
    expect(answer).toEqual({ status: 404, body: { message: 'Session not found.', code: 'NOT_FOUND' } });
  });
});

describe("make dev's provider fakes", () => {
  it('point tickets at them and add their Typebot, webhook and OpenAI hosts to the allow list it was given', async () => {
    const fakes = await startDevProviderFakes(0, { OUTBOUND_HTTP_ALLOWED_HOSTS: 'crm.local:8443' });
    try {
      const typebot = fakes.demoAutomations.integrations.find((row) => row['type'] === 'typebot');
      const n8n = fakes.demoAutomations.integrations.find((row) => row['type'] === 'n8n');
      const hosts = [typebot?.['urlN8N'], n8n?.['urlN8N'], fakes.demoAutomations.assist.baseUrl].map(
        (url) => new URL(String(url)).host,
      );
      expect(fakes.env['OUTBOUND_HTTP_ALLOWED_HOSTS']).toBe(['crm.local:8443', ...hosts].join(','));
      expect(fakes.env['TICKETS_OPENAI_BASE_URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const openAi = await fetch(`${fakes.env['TICKETS_OPENAI_BASE_URL']}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${String(fakes.demoAutomations.prompt['apiKey'])}`,
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'oi' }] }),
      });
      const completion = (await openAi.json()) as { choices: Array<{ message: { content: string } }> };
      expect(completion.choices[0]?.message.content).toContain('OpenAI simulado');
    } finally {
      await fakes.stop();
    }
  });
});

describe("the OpenAI fake's streamed answers", () => {
  it("are read by OpenAI's own client piece by piece, as OpenAI streams them", async () => {
    const fakes = await startDevProviderFakes(0, {});
    try {
      const { baseUrl, apiKey, model } = fakes.demoAutomations.assist;
      const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0 });
      const transcript = 'Conversa (da mais antiga para a mais recente):\nCliente: oi\nCliente: meu pedido atrasou';
      const stream = await client.chat.completions.create({
        model,
        stream: true,
        messages: [
          { role: 'system', content: 'Resuma a conversa de atendimento' },
          { role: 'user', content: transcript },
        ],
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '', refusal: null });
      expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
      expect(chunks.length).toBeGreaterThan(5);
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(text).toBe(DEMO_ANSWERS.assistSummary(2, 'meu pedido atrasou'));
      expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model.startsWith(model))).toBe(
        true,
      );
    } finally {
      await fakes.stop();
    }
  });
});
