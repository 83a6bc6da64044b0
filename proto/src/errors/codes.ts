import { z } from 'zod';

/**
 * Every error code a client can receive, with its HTTP status and the Portuguese text the spec's client shows.
 * Errors reach clients as `{ "error": "ERR_CODE", ... }`. A 401 means "log out" to the client, a 403 means
 * "refresh the access token once and retry", so codes are placed on those two statuses deliberately.
 */
export const ERROR_CATALOGUE = {
  // --- the spec's codes (core-operations.md §8) ---
  ERR_COMPANY_NAME_ALREADY_EXISTS: { status: 409, message: 'Já existe uma empresa com este nome.' },
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: 'Deve haver pelo menos uma conexão padrão.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: 'Nenhuma conexão padrão encontrada.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, message: 'A sessão do WhatsApp não foi inicializada.' },
  ERR_WAPP_CHECK_CONTACT: { status: 502, message: 'Não foi possível verificar o contato no WhatsApp.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: 'Este não é um número de WhatsApp válido.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, message: 'Não foi possível baixar a mídia do WhatsApp.' },
  ERR_INVALID_CREDENTIALS: { status: 401, message: 'Erro de autenticação. Verifique seus dados e tente novamente.' },
  ERR_SENDING_WAPP_MSG: { status: 502, message: 'Erro ao enviar mensagem do WhatsApp.' },
  ERR_DELETE_WAPP_MSG: { status: 502, message: 'Não foi possível excluir a mensagem do WhatsApp.' },
  ERR_OTHER_OPEN_TICKET: { status: 409, message: 'Já existe um ticket aberto para este contato.' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Sessão expirada. Por favor, faça login novamente.' },
  ERR_USER_CREATION_DISABLED: { status: 403, message: 'A criação de usuários foi desabilitada pelo administrador.' },
  ERR_NO_PERMISSION: { status: 403, message: 'Você não tem permissão para acessar este recurso.' },
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'Já existe um contato com este número.' },
  ERR_NO_SETTING_FOUND: { status: 404, message: 'Nenhuma configuração encontrada com este ID.' },
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Nenhum contato encontrado com este ID.' },
  ERR_NO_TICKET_FOUND: { status: 404, message: 'Nenhum ticket encontrado com este ID.' },
  ERR_NO_USER_FOUND: { status: 404, message: 'Nenhum usuário encontrado com este ID.' },
  ERR_NO_WAPP_FOUND: { status: 404, message: 'Nenhum WhatsApp encontrado com este ID.' },
  ERR_CREATING_MESSAGE: { status: 500, message: 'Erro ao criar mensagem no banco de dados.' },
  ERR_CREATING_TICKET: { status: 500, message: 'Erro ao criar ticket no banco de dados.' },
  ERR_FETCH_WAPP_MSG: { status: 404, message: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.' },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: 'Esta cor já está em uso, escolha outra.' },
  ERR_WAPP_GREETING_REQUIRED: {
    status: 400,
    message: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
  },
  // --- upstream codes the spec's clients also translate ---
  ERR_CHECK_NUMBER: { status: 400, message: 'Este número não está no WhatsApp.' },
  ERR_NO_SUPER: { status: 403, message: 'Apenas super usuários podem realizar esta operação.' },
  // --- our own ---
  ERR_VALIDATION: { status: 400, message: 'Dados inválidos.' },
  ERR_NOT_FOUND: { status: 404, message: 'Registro não encontrado.' },
  ERR_ROUTE_NOT_FOUND: { status: 404, message: 'Rota não encontrada.' },
  ERR_CONFLICT: { status: 409, message: 'O registro foi alterado ou já existe.' },
  ERR_INVALID_TOKEN: { status: 403, message: 'Token inválido ou expirado.' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'O arquivo ou a requisição é grande demais.' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de arquivo não permitido.' },
  ERR_COMPANY_EXPIRED: {
    status: 402,
    message: 'A assinatura desta empresa venceu. Regularize o pagamento para continuar.',
  },
  ERR_PLAN_LIMIT_USERS: { status: 403, message: 'Número máximo de usuários do plano já alcançado.' },
  ERR_PLAN_LIMIT_CONNECTIONS: { status: 403, message: 'Número máximo de conexões do plano já alcançado.' },
  ERR_PLAN_LIMIT_QUEUES: { status: 403, message: 'Número máximo de filas do plano já alcançado.' },
  ERR_QUEUE_IN_USE: {
    status: 409,
    message: 'Não foi possível excluir. Verifique se há PROMPT ou INTEGRAÇÃO vinculados.',
  },
  ERR_MESSAGE_NOT_EDITABLE: { status: 400, message: 'Só é possível editar as suas mensagens de texto enviadas.' },
  ERR_MESSAGE_EDIT_EXPIRED: {
    status: 400,
    message: 'O WhatsApp só permite editar uma mensagem nos 15 minutos seguintes ao envio.',
  },
  ERR_EDIT_WAPP_MSG: { status: 502, message: 'Não foi possível editar a mensagem no WhatsApp.' },
  ERR_TICKET_NOT_OPEN: { status: 400, message: 'Só é possível enviar mensagens em tickets abertos.' },
  ERR_OUTSIDE_SERVICE_WINDOW: {
    status: 409,
    message:
      'O cliente não escreve há mais de 24 horas: nesta conexão da API oficial só é possível enviar um modelo aprovado.',
  },
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, message: 'Agendamentos já enviados não podem ser alterados.' },
  ERR_NO_COMPANY_FOUND: { status: 404, message: 'Nenhuma empresa encontrada com este ID.' },
  ERR_NO_PLAN_FOUND: { status: 404, message: 'Nenhum plano encontrado com este ID.' },
  ERR_NO_HELP_FOUND: { status: 404, message: 'Nenhuma ajuda encontrada com este ID.' },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404, message: 'Nenhum informativo encontrado com este ID.' },
  ERR_USER_EMAIL_ALREADY_EXISTS: { status: 409, message: 'Já existe um usuário com este e-mail.' },
  ERR_PLAN_NAME_ALREADY_EXISTS: {
    status: 409,
    message: 'Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome.',
  },
  ERR_PLAN_IN_USE: { status: 409, message: 'Este plano está em uso por uma ou mais empresas.' },
  ERR_NO_TAG_FOUND: { status: 404, message: 'Nenhuma tag encontrada com este ID.' },
  ERR_NO_QUICK_MESSAGE_FOUND: { status: 404, message: 'Nenhuma resposta rápida encontrada com este ID.' },
  ERR_NO_TICKET_NOTE_FOUND: { status: 404, message: 'Nenhuma observação encontrada com este ID.' },
  ERR_NO_SCHEDULE_FOUND: { status: 404, message: 'Nenhum agendamento encontrado com este ID.' },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404, message: 'Nenhuma lista de contatos encontrada com este ID.' },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404, message: 'Nenhum contato da lista encontrado com este ID.' },
  ERR_NO_IMPORT_FOUND: { status: 404, message: 'Nenhuma importação encontrada com este ID.' },
  ERR_NO_CHAT_FOUND: { status: 404, message: 'Nenhuma conversa encontrada com este ID.' },
  ERR_IMPORT_INVALID_FILE: {
    status: 400,
    message: 'Não foi possível ler a planilha. Envie um arquivo .xls ou .xlsx válido.',
  },
  ERR_WAPP_NAME_ALREADY_EXISTS: { status: 409, message: 'Esse nome já está sendo utilizado por outra conexão.' },
  ERR_NO_INVOICE_FOUND: { status: 404, message: 'Nenhuma fatura encontrada com este ID.' },
  ERR_INVOICE_ALREADY_PAID: { status: 409, message: 'Esta fatura já foi paga.' },
  ERR_PAYMENT_PROVIDER: { status: 502, message: 'Não foi possível gerar a cobrança Pix. Tente novamente.' },
  ERR_NO_CAMPAIGN_FOUND: { status: 404, message: 'Nenhuma campanha encontrada com este ID.' },
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 400, message: 'Só é permitido alterar campanha Inativa e Programada' },
  ERR_CAMPAIGN_RUNNING: { status: 409, message: 'Não é permitido excluir campanha em andamento.' },
  ERR_CAMPAIGN_NOT_RUNNING: { status: 409, message: 'Só é possível cancelar uma campanha em andamento.' },
  ERR_CAMPAIGN_NOT_CANCELLED: { status: 409, message: 'Só é possível reiniciar uma campanha cancelada.' },
  ERR_CAMPAIGNS_DISABLED: { status: 403, message: 'As campanhas não estão habilitadas para esta empresa.' },
  ERR_NO_FILE_LIST_FOUND: { status: 404, message: 'Nenhuma lista de arquivos encontrada com este ID.' },
  ERR_NO_PROMPT_FOUND: { status: 404, message: 'Nenhum prompt encontrado com este ID.' },
  ERR_NO_INTEGRATION_FOUND: { status: 404, message: 'Nenhuma integração encontrada com este ID.' },
  ERR_INTEGRATION_NAME_ALREADY_EXISTS: { status: 409, message: 'Já existe uma integração com este nome.' },
  ERR_INTEGRATION_TEST_FAILED: { status: 400, message: 'Não foi possível testar a sessão com estes dados.' },
  // two-factor sign-in: 401 during sign-in (the client goes back to the password step), never 403 (a refresh)
  ERR_TWO_FACTOR_REQUIRED: {
    status: 401,
    message:
      'Esta conta usa verificação em duas etapas: informe o código do aplicativo autenticador (entre pelo nosso cliente web).',
  },
  ERR_TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 401,
    message:
      'A verificação em duas etapas é obrigatória para esta conta: cadastre um aplicativo autenticador (pelo nosso cliente web).',
  },
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 401,
    message: 'A etapa de verificação expirou. Entre novamente com e-mail e senha.',
  },
  ERR_TWO_FACTOR_INVALID_CODE: { status: 400, message: 'Código inválido ou já utilizado.' },
  ERR_TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'A verificação em duas etapas já está ativa.' },
  ERR_TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'A verificação em duas etapas não está ativa.' },
  ERR_TWO_FACTOR_MANDATORY: {
    status: 409,
    message: 'A verificação em duas etapas é obrigatória para esta conta e não pode ser desativada.',
  },
  // AI assistance for agents (answers only, never in events)
  ERR_AI_ASSIST_NOT_CONFIGURED: {
    status: 409,
    message: 'O assistente de IA não está configurado: um administrador informa o endpoint em Configurações.',
  },
  ERR_AI_ASSIST_FAILED: { status: 502, message: 'O provedor de IA da empresa não respondeu. Tente novamente.' },
  ERR_NO_DATA_REQUEST_FOUND: { status: 404, message: 'Nenhuma solicitação de dados encontrada com este ID.' },
  ERR_EXPORT_NOT_READY: {
    status: 409,
    message: 'A exportação ainda está sendo preparada. Tente novamente em instantes.',
  },
  ERR_SERVICE_UNAVAILABLE: { status: 503, message: 'Serviço temporariamente indisponível.' },
  ERR_INTERNAL: { status: 500, message: 'Ocorreu um erro interno.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * Codes added to the catalogue after the events that carry an error code were released (whatsapp.message-ack.v1,
 * whatsapp.contact.v1): HTTP answers only. A consumer of those topics validates the code against the released set,
 * so such an event never carries one of these; an event that must, goes on its topic's next major version.
 */
const CODES_AFTER_RELEASED_EVENTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ERR_TWO_FACTOR_REQUIRED',
  'ERR_TWO_FACTOR_ENROLMENT_REQUIRED',
  'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
  'ERR_TWO_FACTOR_INVALID_CODE',
  'ERR_TWO_FACTOR_ALREADY_ENABLED',
  'ERR_TWO_FACTOR_NOT_ENABLED',
  'ERR_TWO_FACTOR_MANDATORY',
  'ERR_AI_ASSIST_NOT_CONFIGURED',
  'ERR_AI_ASSIST_FAILED',
  'ERR_NO_DATA_REQUEST_FOUND',
  'ERR_OUTSIDE_SERVICE_WINDOW',
  'ERR_EXPORT_NOT_READY',
]);
/** The codes a released event's `error` field takes (the catalogue as those contracts were released). */
export const EventErrorCodeSchema = z.enum(
  ERROR_CODES.filter((code) => !CODES_AFTER_RELEASED_EVENTS.has(code)) as [ErrorCode, ...ErrorCode[]],
);
export type EventErrorCode = z.infer<typeof EventErrorCodeSchema>;

/** The codes listed in core-operations.md §8, which must all be in the catalogue. */
export const SPEC_ERROR_CODES = [
  'ERR_COMPANY_NAME_ALREADY_EXISTS',
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
] as const satisfies readonly ErrorCode[];

export const httpStatusOf = (code: ErrorCode): number => ERROR_CATALOGUE[code].status;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);

/** The wire format of every error response. `details` carries field errors or, for some codes, a payload. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  requestId: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
