import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';
import type { Contact } from '../../../api/types';

export interface ContactsPage {
  contacts: Contact[];
  count?: number;
  hasMore: boolean;
}

export interface ContactBody {
  name: string;
  number: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

/** What the import routes answer and `GET /contacts/imports/{id}` reports while the import runs. */
export interface ImportReport {
  id: string;
  status: string;
  source?: string;
  total: number;
  processed: number;
  imported: number;
  merged: number;
  invalid: number;
  invalidRows?: Array<{ row: number; reason: string }>;
  error: string | null;
  finishedAt: string | null;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['ContactsList', 'ContactImport'] });

/** `/contacts` (spec §7 and the contacts service): the paged list, CRUD, imports with progress, CSV export. */
export const contactsPageApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getContactsPage: build.infiniteQuery<ContactsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/contacts/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['ContactsList'],
    }),
    createContact: build.mutation<Contact, ContactBody>({
      query: (body) => ({ url: '/contacts', method: 'POST', body }),
      invalidatesTags: ['ContactsList'],
    }),
    saveContact: build.mutation<Contact, ContactBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/contacts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['ContactsList', { type: 'Contact', id }, 'TicketList'],
    }),
    deleteContact: build.mutation<void, number>({
      query: (id) => ({ url: `/contacts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactsList', 'TicketList'],
    }),
    /** With a spreadsheet (.csv/.xls/.xlsx, field `file`) imports it; without, imports the phone's contacts. */
    importContacts: build.mutation<ImportReport, File | null>({
      query: (file) => {
        if (!file) return { url: '/contacts/import', method: 'POST', body: {} };
        const form = new FormData();
        form.append('file', file);
        return { url: '/contacts/import', method: 'POST', body: form };
      },
    }),
    getImport: build.query<ImportReport, string>({
      query: (id) => `/contacts/imports/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'ContactImport', id }],
    }),
    exportContacts: build.mutation<string, void>({
      query: () => ({ url: '/contacts/export', responseHandler: 'text' }),
    }),
  }),
});

export const {
  useGetContactsPageInfiniteQuery,
  useCreateContactMutation,
  useSaveContactMutation,
  useDeleteContactMutation,
  useImportContactsMutation,
  useGetImportQuery,
  useExportContactsMutation,
} = contactsPageApi;
