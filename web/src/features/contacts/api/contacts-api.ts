import type { ContactPage, CreateContactInput, ImportReport as ProtoImportReport } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getContactsPage: build.infiniteQuery<RouteResponse<'GET /contacts'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /contacts', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['ContactsList'],
    }),
    createContact: build.mutation<RouteResponse<'POST /contacts'>, ContactBody>({
      query: (body) => request('POST /contacts', { body }),
      invalidatesTags: ['ContactsList'],
    }),
    saveContact: build.mutation<RouteResponse<'PUT /contacts/{id}'>, ContactBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /contacts/{id}', { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => ['ContactsList', { type: 'Contact', id }, 'TicketList'],
    }),
    deleteContact: build.mutation<RouteResponse<'DELETE /contacts/{id}'>, number>({
      query: (id) => request('DELETE /contacts/{id}', { params: { id } }),
      invalidatesTags: ['ContactsList', 'TicketList'],
    }),
    /** With a spreadsheet (.csv/.xls/.xlsx, field `file`) imports it; without, imports the phone's contacts. */
    importContacts: build.mutation<RouteResponse<'POST /contacts/import'>, File | null>({
      query: (file) => {
        if (!file) return request('POST /contacts/import', { body: {} });
        const form = new FormData();
        form.append('file', file);
        return request('POST /contacts/import', { body: form });
      },
    }),
    getImport: build.query<RouteResponse<'GET /contacts/imports/{id}'>, string>({
      query: (id) => request('GET /contacts/imports/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'ContactImport', id }],
    }),
    exportContacts: build.mutation<RouteResponse<'GET /contacts/export'>, void>({
      query: () => ({ ...request('GET /contacts/export'), responseHandler: 'text' }),
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
