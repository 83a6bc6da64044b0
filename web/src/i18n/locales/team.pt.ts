/**
 * The team's own tools (issue 19): internal chat, kanban and to-do list, in Portuguese (default and fallback).
 * Deep-merged into the `translation` namespace by `i18n/index.ts`.
 */
export const teamPt = {
  chats: {
    title: 'Chat Interno',
    new: 'Nova conversa',
    edit: 'Editar conversa',
    chatsTab: 'Chats',
    messagesTab: 'Mensagens',
    titleLabel: 'Título',
    users: 'Usuários',
    titleRequired: 'Por favor, preencha o título da conversa.',
    usersRequired: 'Por favor, selecione pelo menos um usuário.',
    select: 'Selecione uma conversa',
    typeMessage: 'Digite uma mensagem',
    send: 'Enviar',
    noChats: 'Nenhuma conversa',
    unread: '{{count}} não lidas',
    deleteConfirm: 'Deseja realmente excluir esta conversa?',
    loadingOlder: 'Carregando mensagens anteriores...',
  },
  kanban: {
    title: 'Kanban',
    open: 'Em aberto',
    view: 'Ver ticket',
    tagRemoved: 'Ticket Tag Removido!',
    tagAdded: 'Ticket Tag Adicionado com Sucesso!',
    empty: 'Nenhum ticket',
    moveTo: 'Mover para',
    dragHint: 'Arraste o cartão para outra coluna (ou use espaço e as setas).',
    noPermission: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
  },
  todo: {
    title: 'Tarefas',
    placeholder: 'Nova tarefa',
    add: 'Adicionar',
    pendingOnly: 'Somente pendentes',
    pending: '{{count}} pendentes',
    lastEdit: 'Última edição: {{time}}',
    complete: 'Concluir',
    reopen: 'Reabrir',
    empty: 'Nenhuma tarefa',
    editLabel: 'Editar tarefa',
  },
};

export type TeamTexts = typeof teamPt;
