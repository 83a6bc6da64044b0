// `make dev`'s demo automations: the demo company's Typebot, n8n, webhook and Dialogflow integrations, its
// OpenAI prompt and its agents' AI assistant endpoint (`/ai-assist/settings`), each pointing at the local fakes (@cs/tickets/provider-fakes). Written through the gateway's API as
// the demo admin, so they are validated, encrypted and announced as any admin's: created the first time, brought
// up to date (the fakes' URLs and keys) at every start after that.

/** How long the demo's automations may wait for the services to know the demo company (its plan). */
const READY_WITHIN_MS = 60_000;

/** One call of the gateway's API; a non-2xx answer throws with its status and error code. */
export async function call(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const code = parsed?.error ? ` ${parsed.error}` : '';
    throw Object.assign(new Error(`${method} ${path} answered ${response.status}${code}`), { status: response.status });
  }
  return parsed;
}

/**
 * `attempt()` until it resolves, while the services are still starting (no answer, or a refusal while the demo
 * company and its plan reach them); an error answer (400, 500) or `READY_WITHIN_MS` passed ends it.
 */
export async function untilReady(attempt) {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const starting = error.status === undefined || [401, 403, 404, 502, 503].includes(error.status);
      if (!starting || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Creates or updates `automations` (`{ integrations, prompt, assist }` of startDevProviderFakes) in the demo company through
 * the gateway at `gatewayUrl`, signed in as `admin`. Answers the names written, in order.
 */
export async function seedDemoAutomations(gatewayUrl, automations, admin) {
  const { token } = await untilReady(() => call(gatewayUrl, 'POST', '/auth/login', { body: admin }));
  const upsert = async (path, listKey, body) => {
    const search = `${path}?searchParam=${encodeURIComponent(body.name)}`;
    const listed = await untilReady(() => call(gatewayUrl, 'GET', search, { token }));
    const existing = listed[listKey].find((row) => row.name === body.name);
    if (existing) await call(gatewayUrl, 'PUT', `${path}/${existing.id}`, { token, body });
    else await call(gatewayUrl, 'POST', path, { token, body });
    return body.name;
  };
  const names = [];
  for (const integration of automations.integrations) {
    names.push(await upsert('/queueIntegration', 'queueIntegrations', integration));
  }
  names.push(await upsert('/prompt', 'prompts', automations.prompt));
  await call(gatewayUrl, 'PUT', '/ai-assist/settings', { token, body: automations.assist });
  return names;
}
