import type {
  ContactPage,
  ContactResponse,
  CreateContactInput,
  ImportReport as ProtoImportReport,
  MessageResponse,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export type ContactsPage = ContactPage;

/** `POST /contacts`, `PUT /contacts/{id}`: the whole contact (`CreateContactSchema`); the form always sends the list. */
export type ContactBody = Omit<CreateContactInput, 'extraInfo'> & {
  extraInfo: NonNullable<CreateContactInput['extraInfo']>;
};

/** What the import routes answer and `GET /contacts/imports/{id}` reports while the import runs. */
export type ImportReport = ProtoImportReport;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['ContactsList', 'ContactImport'] });

/** `/contacts` (spec §7 and the contacts service): the paged list, CRUD, imports with progress, CSV export. */
export const contactsPageApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getContactsPage: build.infiniteQuery<ContactsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/contacts/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['ContactsList'],
    }),
    createContact: build.mutation<ContactResponse, ContactBody>({
      query: (body) => ({ url: '/contacts', method: 'POST', body }),
      invalidatesTags: ['ContactsList'],
    }),
    saveContact: build.mutation<ContactResponse, ContactBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/contacts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['ContactsList', { type: 'Contact', id }, 'TicketList'],
    }),
    deleteContact: build.mutation<MessageResponse, number>({
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
