import type { MessageSnapshot } from '@cs/proto/events';
import type { ConnectionView, MessageTemplateList, SendTemplateMessageInput } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { mergeIntoChat } from '../../../api/endpoints/messages';
import type { Message } from '../../../api/types';

/**
 * Cloud API message templates in the chat: the ticket's connection (its provider says whether the 24-hour window
 * applies), its templates (`GET /whatsapp/{id}/templates`) and sending one on a ticket
 * (`POST /messages/{ticketId}/template`).
 */
export const templatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicketConnection: build.query<ConnectionView, number>({
      query: (id) => `/whatsapp/${id}`,
      providesTags: ['Connections'],
    }),
    listMessageTemplates: build.query<MessageTemplateList, number>({
      query: (connectionId) => `/whatsapp/${connectionId}/templates`,
    }),
    sendTemplate: build.mutation<MessageSnapshot, { ticketId: number } & SendTemplateMessageInput>({
      query: ({ ticketId, ...body }) => ({ url: `/messages/${ticketId}/template`, method: 'POST', body }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(mergeIntoChat(ticketId, [data as unknown as Message], { append: true, replace: false }));
        } catch {
          // the dialog shows the failure
        }
      },
    }),
  }),
});

export const { useGetTicketConnectionQuery, useListMessageTemplatesQuery, useSendTemplateMutation } = templatesApi;
