// The deployables `make dev` and `make migrate` run, in start order. Each service module exports its
// ServiceDefinition and a data-source factory; `seed` (optional) fills development data after migrations;
// `nodeOptions` (optional) are the Node options its process runs with, as in deploy/k8s and docker-compose.yml.
export const SERVICES = [
  {
    name: 'identity',
    app: '../../services/identity/src/app.ts',
    definition: 'identityService',
    dataSource: { module: '../../services/identity/src/database/data-source.ts', factory: 'createIdentityDataSource' },
    seed: { module: '../../services/identity/src/database/seed.ts', fn: 'seedIdentity' },
    portKey: 'IDENTITY_PORT',
    port: 4101,
    urlKey: 'IDENTITY_URL',
  },
  {
    name: 'tickets',
    app: '../../services/tickets/src/app.ts',
    definition: 'ticketsService',
    dataSource: { module: '../../services/tickets/src/database/data-source.ts', factory: 'createTicketsDataSource' },
    seed: { module: '../../services/tickets/src/database/seed.ts', fn: 'seedTickets' },
    portKey: 'TICKETS_PORT',
    port: 4102,
    urlKey: 'TICKETS_URL',
  },
  {
    name: 'contacts',
    app: '../../services/contacts/src/app.ts',
    definition: 'contactsService',
    dataSource: { module: '../../services/contacts/src/database/data-source.ts', factory: 'createContactsDataSource' },
    portKey: 'CONTACTS_PORT',
    port: 4103,
    urlKey: 'CONTACTS_URL',
    // a spreadsheet import allocates fast: Node 24's semi-spaces grow to 64 MiB each (a 128 MiB young generation)
    // unless bounded; 16 MiB keeps a 100k-row import's peak RSS under its bound (services/contacts/README.md)
    nodeOptions: '--max-semi-space-size=16',
  },
  {
    name: 'whatsapp-connector',
    app: '../../services/whatsapp-connector/src/app.ts',
    definition: 'whatsappConnectorService',
    dataSource: {
      module: '../../services/whatsapp-connector/src/database/data-source.ts',
      factory: 'createWhatsappDataSource',
    },
    seed: { module: '../../services/whatsapp-connector/src/database/seed.ts', fn: 'seedWhatsappConnector' },
    portKey: 'CONNECTOR_PORT',
    port: 4104,
    urlKey: 'WHATSAPP_CONNECTOR_URL',
  },
  {
    name: 'billing',
    app: '../../services/billing/src/app.ts',
    definition: 'billingService',
    dataSource: { module: '../../services/billing/src/database/data-source.ts', factory: 'createBillingDataSource' },
    portKey: 'BILLING_PORT',
    port: 4106,
    urlKey: 'BILLING_URL',
  },
  {
    name: 'campaigns',
    app: '../../services/campaigns/src/app.ts',
    definition: 'campaignsService',
    dataSource: {
      module: '../../services/campaigns/src/database/data-source.ts',
      factory: 'createCampaignsDataSource',
    },
    portKey: 'CAMPAIGNS_PORT',
    port: 4105,
    urlKey: 'CAMPAIGNS_URL',
    // a bulk campaign allocates fast and keeps little: a small old space makes V8 collect before RSS grows, and
    // 4 MiB semi-spaces (V8's default is 16 or more) keep the young generation small, with the dispatch rate unchanged
    // (bench/README.md, campaigns: the RSS target)
    nodeOptions: '--max-old-space-size=128 --max-semi-space-size=4',
  },
];

export const GATEWAY = {
  app: '../../gateway/src/app.ts',
  definition: 'gatewayService',
  portKey: 'GATEWAY_PORT',
  port: 8080,
};
