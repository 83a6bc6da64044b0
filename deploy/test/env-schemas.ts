/** Each deployable's config schema, by its name in deploy/scripts/deployables.mjs (the gateway: `gateway`). */
import type { z } from 'zod';
import { GatewayEnvSchema } from '../../gateway/src/config/env.js';
import { BillingEnvSchema } from '../../services/billing/src/config/env.js';
import { CampaignsEnvSchema } from '../../services/campaigns/src/config/env.js';
import { ContactsEnvSchema } from '../../services/contacts/src/config/env.js';
import { IdentityEnvSchema } from '../../services/identity/src/config/env.js';
import { TicketsEnvSchema } from '../../services/tickets/src/config/env.js';
import { ConnectorEnvSchema } from '../../services/whatsapp-connector/src/config/env.js';

export const ENV_SCHEMAS: Readonly<Record<string, z.ZodObject>> = {
  identity: IdentityEnvSchema,
  tickets: TicketsEnvSchema,
  contacts: ContactsEnvSchema,
  'whatsapp-connector': ConnectorEnvSchema,
  billing: BillingEnvSchema,
  campaigns: CampaignsEnvSchema,
  gateway: GatewayEnvSchema,
};

/** Read by the container's entry command or by Node itself, not by the app. */
export const IMAGE_KEYS: ReadonlySet<string> = new Set(['SERVICE', 'NODE_OPTIONS']);
