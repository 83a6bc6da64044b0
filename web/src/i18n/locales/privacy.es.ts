import type { privacyPt } from './privacy.pt';

export const privacyEs: typeof privacyPt = {
  privacy: {
    export: 'Exportar datos',
    exported: 'Se descargó el archivo con los datos del contacto',
    erase: 'Borrar datos (LGPD)',
    eraseTitle: '¿Borrar los datos de este contacto?',
    eraseBody:
      '{{name}}: el contacto, sus mensajes y archivos, notas, programaciones y envíos de campañas se borrarán o anonimizarán en todos los servicios. No se puede deshacer.',
    eraseRequested: 'Borrado solicitado: sígalo en Solicitudes LGPD',
    requests: 'Solicitudes LGPD',
    empty: 'Ninguna solicitud',
    contact: 'Contacto',
    requestedAt: 'Solicitado el',
    completedAt: 'Concluido el',
    status: { pending: 'En curso', done: 'Concluido', confirmed: 'Confirmado' },
    services: {
      contacts: 'Contactos',
      tickets: 'Atenciones',
      campaigns: 'Campañas',
      'whatsapp-connector': 'Conexiones y archivos',
    },
  },
  admin: {
    settings: {
      keys: { messageRetentionDays: 'Conservar mensajes de tickets cerrados durante (días; vacío: siempre)' },
    },
  },
  errors: {
    ERR_NO_DATA_REQUEST_FOUND: 'No se encontró ninguna solicitud de datos.',
    ERR_EXPORT_NOT_READY: 'La exportación aún se está preparando.',
  },
};
