import type { privacyPt } from './privacy.pt';

export const privacyEn: typeof privacyPt = {
  privacy: {
    export: 'Export data',
    exported: "The contact's data file was downloaded",
    erase: 'Erase data (LGPD)',
    eraseTitle: "Erase this contact's data?",
    eraseBody:
      '{{name}}: the contact, their messages and media, notes, schedules and campaign shippings will be erased or anonymised in every service. This cannot be undone.',
    eraseRequested: 'Erasure requested: follow it in LGPD requests',
    requests: 'LGPD requests',
    empty: 'No requests',
    contact: 'Contact',
    requestedAt: 'Requested at',
    completedAt: 'Completed at',
    status: { pending: 'In progress', done: 'Completed', confirmed: 'Confirmed' },
    services: {
      contacts: 'Contacts',
      tickets: 'Tickets',
      campaigns: 'Campaigns',
      'whatsapp-connector': 'Connections and media',
    },
  },
  admin: {
    settings: {
      keys: { messageRetentionDays: 'Keep messages of closed tickets for (days; empty: always)' },
    },
  },
  errors: {
    ERR_NO_DATA_REQUEST_FOUND: 'No data request found.',
    ERR_EXPORT_NOT_READY: 'The export is still being prepared.',
  },
};
