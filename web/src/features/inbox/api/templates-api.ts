import type { SendTemplateMessageInput } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { mergeIntoChat } from '../../../api/endpoints/messages';

/** Sending a Cloud API template on a ticket (`POST /messages/{ticketId}/template`), merged into the chat. */
export const sendTemplateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendTemplate: build.mutation<
      RouteResponse<'POST /messages/{ticketId}/template'>,
      { ticketId: number } & SendTemplateMessageInput
    >({
      query: ({ ticketId, ...body }) => request('POST /messages/{ticketId}/template', { params: { ticketId }, body }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(mergeIntoChat(ticketId, [data], { append: true, replace: false }));
        } catch {
          // the dialog shows the failure
        }
      },
    }),
  }),
});

export const { useSendTemplateMutation } = sendTemplateApi;
