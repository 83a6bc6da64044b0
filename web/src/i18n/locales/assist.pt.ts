/**
 * AI assistance for agents (issue 56): the chat's summary and suggestion, the company's endpoint on the prompts
 * page, in Portuguese (default and fallback). Deep-merged into the `translation` namespace by `i18n/index.ts`.
 */
export const assistPt = {
  assist: {
    summarize: 'Resumir conversa',
    suggest: 'Sugerir resposta',
    stop: 'Parar',
    summaryTitle: 'Resumo da conversa (IA)',
    closeSummary: 'Fechar resumo',
    writing: 'Escrevendo…',
    draftPlaced: 'Sugestão colocada no campo de mensagem: revise antes de enviar.',
    settings: {
      title: 'Assistente de IA para atendentes',
      help: 'Resumos e sugestões de resposta no chat usam este endpoint compatível com a OpenAI (pode ser um modelo próprio). Só as mensagens do ticket aberto são enviadas, e só para ele.',
      baseUrl: 'URL base da API',
      baseUrlHint: 'Ex.: https://api.openai.com/v1',
      apiKey: 'Chave da API',
      model: 'Modelo',
      save: 'Salvar',
      remove: 'Remover',
      saved: 'Assistente de IA salvo.',
      removed: 'Assistente de IA removido: nada mais é enviado.',
      notConfigured: 'Não configurado: os botões do chat avisam o atendente e nada é enviado.',
      configured: 'Configurado',
    },
  },
  audit: {
    actions: {
      'ai-assist': {
        updated: 'Assistente de IA para atendentes alterado',
        removed: 'Assistente de IA para atendentes removido',
      },
    },
  },
  errors: {
    ERR_AI_ASSIST_NOT_CONFIGURED:
      'O assistente de IA não está configurado: um administrador informa o endpoint em Configurações.',
    ERR_AI_ASSIST_FAILED: 'O provedor de IA da empresa não respondeu. Tente novamente.',
  },
};
