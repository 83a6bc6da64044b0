import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';

/**
 * Cloud API message templates: a connection (its provider says whether the 24-hour window and templates apply) and
 * its templates (`GET /whatsapp/{id}/templates`), read by the chat, the schedule form and the campaign form.
 */
export const templatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicketConnection: build.query<RouteResponse<'GET /whatsapp/{id}'>, number>({
      query: (id) => request('GET /whatsapp/{id}', { params: { id } }),
      providesTags: ['Connections'],
    }),
    listMessageTemplates: build.query<RouteResponse<'GET /whatsapp/{id}/templates'>, number>({
      query: (connectionId) => request('GET /whatsapp/{id}/templates', { params: { id: connectionId } }),
    }),
    /** A media header's file, stored by the platform: its `url` is the header's address. */
    uploadTemplateMedia: build.mutation<RouteResponse<'POST /message-templates/media'>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return request('POST /message-templates/media', { body: form });
      },
    }),
  }),
});

export const { useGetTicketConnectionQuery, useListMessageTemplatesQuery, useUploadTemplateMediaMutation } =
  templatesApi;
