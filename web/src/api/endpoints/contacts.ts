import { baseApi } from '../base-api';
import type { Contact, TicketNote } from '../types';

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<{ contacts: Contact[]; hasMore: boolean }, string>({
      query: (searchParam) => ({ url: '/contacts', params: { searchParam, pageNumber: 1 } }),
    }),
    getContact: build.query<Contact, number>({
      query: (id) => `/contacts/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    updateContact: build.mutation<Contact, Contact>({
      query: ({ id, name, number, email, extraInfo }) => ({
        url: `/contacts/${id}`,
        method: 'PUT',
        body: { name, number, email, extraInfo: extraInfo ?? [] },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, 'TicketList'],
    }),
    listNotes: build.query<TicketNote[], { ticketId: number; contactId: number }>({
      query: (params) => ({ url: '/ticket-notes/list', params }),
      providesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    addNote: build.mutation<TicketNote, { note: string; ticketId: number; contactId: number }>({
      query: (body) => ({ url: '/ticket-notes', method: 'POST', body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    deleteNote: build.mutation<void, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: `/ticket-notes/${id}`, method: 'DELETE' }),
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
