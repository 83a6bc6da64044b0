/** Cloud API message templates in the chat and a campaign's failures (issue 56). Portuguese is the source of truth. */
export const templatesPt = {
  templates: {
    title: 'Enviar modelo de mensagem',
    open: 'Modelos',
    short: 'Modelos',
    template: 'Modelo',
    choose: 'Escolha um modelo aprovado',
    none: 'Nenhum modelo aprovado nesta conexão. Sincronize os modelos da Meta na conexão.',
    headerValue: 'Cabeçalho: valor {{n}}',
    bodyValue: 'Corpo: valor {{n}}',
    incomplete: 'Preencha todos os valores do modelo.',
    headerMedia: 'Cabeçalho: {{kind}} (endereço)',
    headerMediaHelp: 'Endereço público (https) do arquivo que o cliente recebe no cabeçalho, ou envie o arquivo.',
    media: { image: 'imagem', video: 'vídeo', document: 'documento' },
    buttonValue: 'Botão "{{label}}": final do endereço',
    connection: 'Conexão',
    defaultConnection: 'Conexão padrão',
    upload: 'Enviar arquivo',
    preview: 'Prévia',
    send: 'Enviar modelo',
    windowClosed:
      'Mais de 24 horas desde a última mensagem do cliente: pela API oficial do WhatsApp só é possível enviar um modelo aprovado.',
    placeholder: 'Fora da janela de 24 horas: envie um modelo',
  },
  campaignFailures: {
    title: 'Falhas por contato',
    contact: 'Contato',
    number: 'Número',
    reason: 'Motivo',
    at: 'Quando',
  },
};
