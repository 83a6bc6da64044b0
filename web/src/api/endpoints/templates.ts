import type { ConnectionView, MessageTemplateList } from '@cs/proto/http';
import { baseApi } from '../base-api';

/**
 * Cloud API message templates: a connection (its provider says whether the 24-hour window and templates apply) and
 * its templates (`GET /whatsapp/{id}/templates`), read by the chat, the schedule form and the campaign form.
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
  }),
});

export const { useGetTicketConnectionQuery, useListMessageTemplatesQuery } = templatesApi;
