import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';
import type { CreateTicketNoteInput, TicketNotesFilter, UpdateContactInput } from '@cs/proto/http';
import type { Contact } from '../types';

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<RouteResponse<'GET /contacts'>, string>({
      query: (searchParam) => request('GET /contacts', { query: { searchParam, pageNumber: 1 } }),
    }),
    getContact: build.query<RouteResponse<'GET /contacts/{id}'>, number>({
      query: (id) => request('GET /contacts/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    updateContact: build.mutation<RouteResponse<'PUT /contacts/{id}'>, Pick<Contact, 'id'> & UpdateContactInput>({
      query: ({ id, name, number, email, extraInfo }) =>
        request('PUT /contacts/{id}', { params: { id }, body: { name, number, email, extraInfo: extraInfo ?? [] } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, 'TicketList'],
    }),
    listNotes: build.query<RouteResponse<'GET /ticket-notes/list'>, Record<keyof TicketNotesFilter, number>>({
      query: (params) => request('GET /ticket-notes/list', { query: params }),
      providesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    addNote: build.mutation<RouteResponse<'POST /ticket-notes'>, CreateTicketNoteInput>({
      query: (body) => request('POST /ticket-notes', { body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    deleteNote: build.mutation<RouteResponse<'DELETE /ticket-notes/{id}'>, { id: number; ticketId: number }>({
      query: ({ id }) => request('DELETE /ticket-notes/{id}', { params: { id } }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
  }),
});

export const {
  useSearchContactsQuery,
  useGetContactQuery,
  useUpdateContactMutation,
  useListNotesQuery,
  useAddNoteMutation,
  useDeleteNoteMutation,
} = contactsApi;
