/** LGPD: a contact's data exported or erased on request, the requests' progress, the retention setting. */
export const privacyPt = {
  privacy: {
    export: 'Exportar dados',
    exported: 'Arquivo com os dados do contato baixado',
    erase: 'Apagar dados (LGPD)',
    eraseTitle: 'Apagar os dados deste contato?',
    eraseBody:
      '{{name}}: o contato, suas mensagens e mídias, notas, agendamentos e envios de campanhas serão apagados ou anonimizados em todos os serviços. Não é possível desfazer.',
    eraseRequested: 'Apagamento solicitado: acompanhe em Solicitações LGPD',
    requests: 'Solicitações LGPD',
    empty: 'Nenhuma solicitação',
    contact: 'Contato',
    requestedAt: 'Solicitado em',
    completedAt: 'Concluído em',
    status: { pending: 'Em andamento', done: 'Concluído', confirmed: 'Confirmado' },
    services: {
      contacts: 'Contatos',
      tickets: 'Atendimentos',
      campaigns: 'Campanhas',
      'whatsapp-connector': 'Conexões e mídias',
    },
  },
  admin: {
    settings: {
      keys: { messageRetentionDays: 'Manter mensagens de tickets fechados por (dias; vazio: sempre)' },
    },
  },
  errors: {
    ERR_NO_DATA_REQUEST_FOUND: 'Nenhuma solicitação de dados encontrada.',
    ERR_EXPORT_NOT_READY: 'A exportação ainda está sendo preparada.',
  },
};
