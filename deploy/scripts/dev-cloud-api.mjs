// `make dev`'s demo Cloud API connection: a connection of the demo company on the fake Graph API
// (@cs/whatsapp-connector/fake-graph, started by dev.mjs), with Meta's recorded message templates synced, so the
// chat's template picker and a template campaign can be tried without a Meta account. Written through the gateway's
// API as the demo admin: created the first time, its credentials brought up to date at every start after that.
import { call, untilReady } from './dev-automations.mjs';

/** The fake's phone number, business account and credentials (the fake accepts only this token). */
export const DEMO_CLOUD_API = {
  name: 'WhatsApp Oficial (Graph simulado)',
  provider: 'cloud-api',
  cloudPhoneNumberId: '106540352242922',
  cloudBusinessAccountId: '102290129340398',
  cloudAccessToken: 'EAAG-dev-fake-graph-token',
  cloudAppSecret: 'dev-fake-graph-app-secret',
  cloudVerifyToken: 'dev-fake-graph-verify',
};

/** Creates or updates the demo's Cloud API connection and syncs its templates; answers a one-line summary. */
export async function seedDemoCloudConnection(gatewayUrl, admin) {
  const { token } = await untilReady(() => call(gatewayUrl, 'POST', '/auth/login', { body: admin }));
  const connections = await untilReady(() => call(gatewayUrl, 'GET', '/whatsapp', { token }));
  const existing = connections.find((connection) => connection.name === DEMO_CLOUD_API.name);
  const connection = existing
    ? await call(gatewayUrl, 'PUT', `/whatsapp/${existing.id}`, { token, body: DEMO_CLOUD_API })
    : await untilReady(() => call(gatewayUrl, 'POST', '/whatsapp', { token, body: DEMO_CLOUD_API }));
  // the session checks the token at the fake before Meta's templates are read
  const { templates } = await untilReady(() =>
    call(gatewayUrl, 'POST', `/whatsapp/${connection.id}/templates/sync`, { token }),
  );
  return `"${DEMO_CLOUD_API.name}" with ${templates.length} templates`;
}
