import type {
  ContactListBody,
  ContactListItemBody,
  ContactListItemPageSchema,
  ContactListItemResponse,
  ContactListPageSchema,
  ContactListResponse,
  ImportReport as ProtoImportReport,
  ListItemsQuery,
  MessageResponse,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** What `POST /contact-lists/{id}/upload` answers and `GET /contacts/imports/{id}` reports while it runs. */
export type ImportReport = ProtoImportReport;
export type ContactListRecord = ContactListResponse;
export type ContactListItemRecord = ContactListItemResponse;
export type ContactListsPage = z.infer<typeof ContactListPageSchema>;
export type ContactListItemsPage = z.infer<typeof ContactListItemPageSchema>;
/** `GET /contact-list-items`: one list's items, searched (`ListItemsQuerySchema`; the page is added). */
export type ItemsArgs = Pick<ListItemsQuery, 'searchParam'> & {
  contactListId: NonNullable<ListItemsQuery['contactListId']>;
};
/** `POST /contact-list-items`, `PUT /contact-list-items/{id}` (`ContactListItemBodySchema`). */
export type ItemBody = ContactListItemBody;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['ContactLists', 'ContactListItems'] });

/** `/contact-lists` and `/contact-list-items` (served by the contacts service). */
export const contactListsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getContactListsPage: build.infiniteQuery<ContactListsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/contact-lists/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['ContactLists'],
    }),
    listContactLists: build.query<ContactListRecord[], void>({
      query: () => '/contact-lists/list',
      providesTags: ['ContactLists'],
    }),
    getContactList: build.query<ContactListRecord, number>({
      query: (id) => `/contact-lists/${id}`,
      providesTags: ['ContactLists'],
    }),
    createContactList: build.mutation<ContactListRecord, ContactListBody>({
      query: (body) => ({ url: '/contact-lists', method: 'POST', body }),
      invalidatesTags: ['ContactLists'],
    }),
    updateContactList: build.mutation<ContactListRecord, { id: number } & ContactListBody>({
      query: ({ id, ...body }) => ({ url: `/contact-lists/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactLists'],
    }),
    deleteContactList: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/contact-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactLists'],
    }),
    importContactList: build.mutation<ImportReport, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `/contact-lists/${id}/upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['ContactLists', 'ContactListItems'],
    }),
    getListImport: build.query<ImportReport, string>({ query: (id) => `/contacts/imports/${id}` }),
    getContactListItemsPage: build.infiniteQuery<ContactListItemsPage, ItemsArgs, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({
        url: '/contact-list-items',
        params: { ...pageParams(queryArg.searchParam, pageParam), contactListId: String(queryArg.contactListId) },
      }),
      providesTags: ['ContactListItems'],
    }),
    createContactListItem: build.mutation<ContactListItemRecord, ItemBody>({
      query: (body) => ({ url: '/contact-list-items', method: 'POST', body }),
      invalidatesTags: ['ContactListItems', 'ContactLists'],
    }),
    updateContactListItem: build.mutation<ContactListItemRecord, ItemBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/contact-list-items/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactListItems'],
    }),
    deleteContactListItem: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/contact-list-items/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactListItems', 'ContactLists'],
    }),
  }),
});

export const {
  useGetContactListsPageInfiniteQuery,
  useListContactListsQuery,
  useGetContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useImportContactListMutation,
  useGetListImportQuery,
  useGetContactListItemsPageInfiniteQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
} = contactListsApi;
