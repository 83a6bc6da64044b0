/** AI assistance for agents (issue 56), in Spanish. */
export const assistEs = {
  assist: {
    summarize: 'Resumir conversación',
    suggest: 'Sugerir respuesta',
    stop: 'Detener',
    summaryTitle: 'Resumen de la conversación (IA)',
    closeSummary: 'Cerrar resumen',
    writing: 'Escribiendo…',
    draftPlaced: 'Sugerencia colocada en el campo de mensaje: revísela antes de enviar.',
    settings: {
      title: 'Asistente de IA para agentes',
      help: 'Los resúmenes y las sugerencias de respuesta del chat usan este endpoint compatible con OpenAI (puede ser un modelo propio). Solo se envían los mensajes del ticket abierto, y solo a él.',
      baseUrl: 'URL base de la API',
      baseUrlHint: 'Ej.: https://api.openai.com/v1',
      apiKey: 'Clave de la API',
      model: 'Modelo',
      save: 'Guardar',
      remove: 'Quitar',
      saved: 'Asistente de IA guardado.',
      removed: 'Asistente de IA quitado: ya no se envía nada.',
      notConfigured: 'No configurado: los botones del chat avisan al agente y no se envía nada.',
      configured: 'Configurado',
    },
  },
  audit: {
    actions: {
      'ai-assist': {
        updated: 'Asistente de IA para agentes modificado',
        removed: 'Asistente de IA para agentes quitado',
      },
    },
  },
  errors: {
    ERR_AI_ASSIST_NOT_CONFIGURED:
      'El asistente de IA no está configurado: un administrador indica el endpoint en Configuración.',
    ERR_AI_ASSIST_FAILED: 'El proveedor de IA de la empresa no respondió. Inténtelo de nuevo.',
  },
};
