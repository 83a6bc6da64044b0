/** AI assistance for agents (issue 56), in English. */
export const assistEn = {
  assist: {
    summarize: 'Summarise conversation',
    suggest: 'Suggest reply',
    stop: 'Stop',
    summaryTitle: 'Conversation summary (AI)',
    closeSummary: 'Close summary',
    writing: 'Writing…',
    draftPlaced: 'Suggestion placed in the message field: review it before sending.',
    settings: {
      title: 'AI assistant for agents',
      help: "Summaries and reply suggestions in the chat use this OpenAI-compatible endpoint (it may be your own model). Only the open ticket's messages are sent, and only to it.",
      baseUrl: 'API base URL',
      baseUrlHint: 'E.g. https://api.openai.com/v1',
      apiKey: 'API key',
      model: 'Model',
      save: 'Save',
      remove: 'Remove',
      saved: 'AI assistant saved.',
      removed: 'AI assistant removed: nothing is sent any more.',
      notConfigured: 'Not configured: the chat buttons tell the agent so and nothing is sent.',
      configured: 'Configured',
    },
  },
  audit: {
    actions: {
      'ai-assist': { updated: 'AI assistant for agents changed', removed: 'AI assistant for agents removed' },
    },
  },
  errors: {
    ERR_AI_ASSIST_NOT_CONFIGURED: 'The AI assistant is not configured: an administrator sets the endpoint in Settings.',
    ERR_AI_ASSIST_FAILED: "The company's AI provider did not answer. Try again.",
  },
};
