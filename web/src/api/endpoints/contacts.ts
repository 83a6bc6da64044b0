import { baseApi } from '../base-api';
import type {
  ContactPage,
  ContactResponse,
  CreateTicketNoteInput,
  MessageResponse,
  TicketNotesFilter,
  TicketNoteView,
  UpdateContactInput,
} from '@cs/proto/http';
import type { Contact } from '../types';

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<ContactPage, string>({
      query: (searchParam) => ({ url: '/contacts', params: { searchParam, pageNumber: 1 } }),
    }),
    getContact: build.query<ContactResponse, number>({
      query: (id) => `/contacts/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    updateContact: build.mutation<ContactResponse, Pick<Contact, 'id'> & UpdateContactInput>({
      query: ({ id, name, number, email, extraInfo }) => ({
        url: `/contacts/${id}`,
        method: 'PUT',
        body: { name, number, email, extraInfo: extraInfo ?? [] },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, 'TicketList'],
    }),
    listNotes: build.query<TicketNoteView[], Record<keyof TicketNotesFilter, number>>({
      query: (params) => ({ url: '/ticket-notes/list', params }),
      providesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    addNote: build.mutation<TicketNoteView, CreateTicketNoteInput>({
      query: (body) => ({ url: '/ticket-notes', method: 'POST', body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Notes', id: ticketId }],
    }),
    deleteNote: build.mutation<MessageResponse, { id: number; ticketId: number }>({
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
