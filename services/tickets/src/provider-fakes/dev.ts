/**
 * The fakes `make dev` runs (deploy/scripts/dev.mjs) so every automation of the demo company answers a simulated
 * customer without an account anywhere: OpenAI, Typebot, an n8n/webhook receiver and Google + Dialogflow, the same
 * fakes the tests script (fakes.ts), here with the demo's answers. The environment they return points tickets at
 * them and lets the Typebot, webhook and OpenAI (the agents' assistant endpoint) hosts through the SSRF-safe client; `demoAutomations` is what the demo
 * company gets (dev.mjs creates or refreshes it through the API at every start).
 */
import {
  type ChatRequest,
  dialogflowFake,
  type FakeServer,
  markdownBubble,
  openAiFake,
  sendJson,
  serviceAccountJson,
  typebotFake,
  webhookFake,
} from './fakes.js';

/** The demo's Typebot flow (its public id in the integration's `typebotSlug`). */
export const DEMO_TYPEBOT_SLUG = 'demo-loja-virtual';
/** The demo's Dialogflow agent (Google Cloud project id). */
export const DEMO_DIALOGFLOW_PROJECT = 'empresa-demo-atendimento';
/** The OpenAI key of the demo prompt: the fake OpenAI takes any `sk-` key, as OpenAI's format. */
const DEMO_OPENAI_KEY = 'sk-dev-fake-openai-key-0000';

/** What the customer reads from each fake, so a demo (and the dev test) can tell who answered. */
export const DEMO_ANSWERS = {
  openai: (text: string): string =>
    `[OpenAI simulado] Olá! Sou a assistente virtual da Empresa Demo. Você disse: "${text}".`,
  typebotGreeting: 'Olá! Sou o bot (Typebot simulado) da Empresa Demo. Escolha uma opção:',
  typebotOrder: 'Seu pedido #1042 saiu para entrega hoje e chega até as 18h.',
  n8n: (text: string): string => `[n8n simulado] Recebi "${text}". Seu pedido 778 está a caminho.`,
  webhook: (text: string): string => `[webhook simulado] Mensagem "${text}" registrada no sistema da loja.`,
  dialogflowWelcome: '[Dialogflow simulado] Oi! Posso ajudar com pedidos, trocas e horários.',
  dialogflowFallback: '[Dialogflow simulado] Não entendi. Pergunte sobre pedidos, trocas ou horários.',
  assistSummary: (customerLines: number, last: string): string =>
    `[Resumo simulado] O cliente escreveu ${customerLines} mensagem(ns). Último pedido: "${last}". Falta responder ao cliente.`,
  assistSuggestion: (last: string): string =>
    `[Sugestão simulada] Olá! Obrigado pela mensagem ("${last}"). Vou verificar e já retorno com a resposta.`,
} as const;

export interface DevProviderFakes {
  /** Settings for the services (tickets) pointing them at the fakes. */
  readonly env: Record<string, string>;
  /** One line per fake for `make dev`'s banner. */
  readonly summary: string;
  /** The demo company's automations, as the API creates them (`POST /queueIntegration`, `POST /prompt`). */
  readonly demoAutomations: {
    readonly integrations: ReadonlyArray<Record<string, unknown> & { name: string }>;
    readonly prompt: Record<string, unknown> & { name: string };
    /** The agents' AI assistant endpoint (`PUT /ai-assist/settings`): the OpenAI fake. */
    readonly assist: { baseUrl: string; apiKey: string; model: string };
  };
  stop(): Promise<void>;
}

/**
 * Starts the four fakes on `basePort` … `basePort + 3` (0: free ports). `env` is the environment they amend:
 * OUTBOUND_HTTP_ALLOWED_HOSTS keeps what it already lists.
 */
export async function startDevProviderFakes(
  basePort: number,
  env: Record<string, string | undefined>,
): Promise<DevProviderFakes> {
  const lastUserText = (request: ChatRequest): string =>
    [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  // the agents' assistant sends an instruction and the ticket's transcript ("Cliente: …" lines); the bot its history
  const openai = openAiFake((request) => {
    const instruction = request.messages[0]?.content ?? '';
    if (!instruction.startsWith('Resuma') && !instruction.startsWith('Escreva um rascunho')) {
      return DEMO_ANSWERS.openai(lastUserText(request));
    }
    const customer = lastUserText(request)
      .split('\n')
      .filter((line) => line.startsWith('Cliente: '))
      .map((line) => line.slice('Cliente: '.length));
    const last = customer.at(-1) ?? '';
    return instruction.startsWith('Resuma')
      ? DEMO_ANSWERS.assistSummary(customer.length, last)
      : DEMO_ANSWERS.assistSuggestion(last);
  });
  // written as OpenAI streams, a piece every 40 ms, so the demo shows the text arriving
  openai.pace = () => new Promise((resolve) => setTimeout(resolve, 40));
  const typebot = typebotFake(
    {
      messages: [markdownBubble(DEMO_ANSWERS.typebotGreeting)],
      input: {
        id: 'escolha',
        type: 'choice input',
        items: [
          { id: 'pedido', content: 'Meu pedido' },
          { id: 'atendente', content: 'Falar com atendente' },
        ],
      },
    },
    (text) =>
      text === 'Meu pedido'
        ? { messages: [markdownBubble(DEMO_ANSWERS.typebotOrder)] }
        : text === 'Falar com atendente'
          ? // Typebot's command to hand the ticket to a queue (the demo's queue 2 "Suporte")
            { messages: [markdownBubble('Vou chamar um atendente.'), markdownBubble('#{"queueId":2}')] }
          : {
              messages: [markdownBubble('Invalid message. Please, try again.')],
              input: { id: 'escolha', type: 'choice input', items: [] },
            },
  );
  const hooks = webhookFake((body) => {
    const text = (body as { message?: { body?: string } } | null)?.message?.body ?? '';
    if (/^(humano|atendente)$/i.test(text.trim())) return { handoff: true };
    return { reply: DEMO_ANSWERS.n8n(text) };
  });
  // the webhook integration posts to /webhook/loja: a plain receiver that answers its own line
  hooks.on('POST', /^\/webhook\/loja$/, (request, response) => {
    const text = (request.json as { message?: { body?: string } } | null)?.message?.body ?? '';
    sendJson(response, 200, { reply: DEMO_ANSWERS.webhook(text) });
  });
  const dialogflow = dialogflowFake(
    {
      oi: { intent: 'Boas-vindas', text: DEMO_ANSWERS.dialogflowWelcome },
      olá: { intent: 'Boas-vindas', text: DEMO_ANSWERS.dialogflowWelcome },
      atendente: { intent: 'Handoff - atendente', text: 'Vou transferir você para um atendente.' },
    },
    DEMO_ANSWERS.dialogflowFallback,
  );
  const account = serviceAccountJson(`dialogflow@${DEMO_DIALOGFLOW_PROJECT}.iam.gserviceaccount.com`);
  // the key this fake's Google accepts, for a Dialogflow integration created by hand in dev
  dialogflow.on('GET', /^\/service-account\.json$/, (_request, response) =>
    sendJson(response, 200, JSON.parse(account)),
  );

  const fakes: FakeServer[] = [];
  const at = (offset: number): number => (basePort === 0 ? 0 : basePort + offset);
  try {
    for (const [offset, fake] of [openai, typebot, hooks, dialogflow].entries()) {
      await fake.start(at(offset));
      fakes.push(fake);
    }
  } catch (error) {
    await Promise.all(fakes.map((fake) => fake.stop()));
    throw error;
  }

  const host = (fake: FakeServer): string => new URL(fake.url).host;
  // the assistant's endpoint is a company's URL like the Typebot and webhook ones: its fake is let through the same way
  const allowed = [env.OUTBOUND_HTTP_ALLOWED_HOSTS, host(typebot), host(hooks), host(openai)].filter(Boolean).join(',');
  return {
    env: {
      TICKETS_OPENAI_BASE_URL: `${openai.url}/v1`,
      TICKETS_GOOGLE_TOKEN_URL: `${dialogflow.url}/token`,
      TICKETS_DIALOGFLOW_BASE_URL: dialogflow.url,
      OUTBOUND_HTTP_ALLOWED_HOSTS: allowed,
    },
    summary: [
      `OpenAI ${openai.url}/v1`,
      `Typebot ${typebot.url}`,
      `n8n/webhook ${hooks.url}/webhook/…`,
      `Dialogflow ${dialogflow.url} (key: ${dialogflow.url}/service-account.json)`,
    ].join(', '),
    demoAutomations: {
      integrations: [
        {
          type: 'typebot',
          name: 'Typebot (demo)',
          urlN8N: typebot.url,
          typebotSlug: DEMO_TYPEBOT_SLUG,
          typebotDelayMessage: 500,
          typebotExpires: 30,
          typebotKeywordFinish: 'sair',
          typebotKeywordRestart: 'reiniciar',
          typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
          typebotRestartMessage: 'Vamos recomeçar!',
        },
        { type: 'n8n', name: 'n8n (demo)', urlN8N: `${hooks.url}/webhook/pedidos` },
        { type: 'webhook', name: 'Webhook (demo)', urlN8N: `${hooks.url}/webhook/loja` },
        {
          type: 'dialogflow',
          name: 'Dialogflow (demo)',
          projectName: DEMO_DIALOGFLOW_PROJECT,
          jsonContent: account,
          language: 'pt-BR',
        },
      ],
      prompt: {
        name: 'Assistente OpenAI (demo)',
        prompt: 'Você é a assistente virtual da Empresa Demo. Responda em português, com frases curtas.',
        apiKey: DEMO_OPENAI_KEY,
        // the demo's queue 2 "Suporte" takes the ticket when the customer asks for a person
        queueId: 2,
        maxTokens: 200,
        temperature: 0.7,
        maxMessages: 10,
      },
      assist: { baseUrl: `${openai.url}/v1`, apiKey: DEMO_OPENAI_KEY, model: 'gpt-4o-mini' },
    },
    stop: async () => {
      await Promise.all(fakes.map((fake) => fake.stop()));
    },
  };
}
