import type {
  ContactListBody,
  ContactListItemBody,
  ContactListItemPageSchema,
  ContactListItemResponse,
  ContactListPageSchema,
  ContactListResponse,
  ImportReport as ProtoImportReport,
  ListItemsQuery,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getContactListsPage: build.infiniteQuery<RouteResponse<'GET /contact-lists'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /contact-lists', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['ContactLists'],
    }),
    listContactLists: build.query<RouteResponse<'GET /contact-lists/list'>, void>({
      query: () => request('GET /contact-lists/list'),
      providesTags: ['ContactLists'],
    }),
    getContactList: build.query<RouteResponse<'GET /contact-lists/{id}'>, number>({
      query: (id) => request('GET /contact-lists/{id}', { params: { id } }),
      providesTags: ['ContactLists'],
    }),
    createContactList: build.mutation<RouteResponse<'POST /contact-lists'>, ContactListBody>({
      query: (body) => request('POST /contact-lists', { body }),
      invalidatesTags: ['ContactLists'],
    }),
    updateContactList: build.mutation<RouteResponse<'PUT /contact-lists/{id}'>, { id: number } & ContactListBody>({
      query: ({ id, ...body }) => request('PUT /contact-lists/{id}', { params: { id }, body }),
      invalidatesTags: ['ContactLists'],
    }),
    deleteContactList: build.mutation<RouteResponse<'DELETE /contact-lists/{id}'>, number>({
      query: (id) => request('DELETE /contact-lists/{id}', { params: { id } }),
      invalidatesTags: ['ContactLists'],
    }),
    importContactList: build.mutation<RouteResponse<'POST /contact-lists/{id}/upload'>, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return request('POST /contact-lists/{id}/upload', { params: { id }, body: form });
      },
      invalidatesTags: ['ContactLists', 'ContactListItems'],
    }),
    getListImport: build.query<RouteResponse<'GET /contacts/imports/{id}'>, string>({
      query: (id) => request('GET /contacts/imports/{id}', { params: { id } }),
    }),
    getContactListItemsPage: build.infiniteQuery<RouteResponse<'GET /contact-list-items'>, ItemsArgs, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) =>
        request('GET /contact-list-items', {
          query: { ...pageParams(queryArg.searchParam, pageParam), contactListId: String(queryArg.contactListId) },
        }),
      providesTags: ['ContactListItems'],
    }),
    createContactListItem: build.mutation<RouteResponse<'POST /contact-list-items'>, ItemBody>({
      query: (body) => request('POST /contact-list-items', { body }),
      invalidatesTags: ['ContactListItems', 'ContactLists'],
    }),
    updateContactListItem: build.mutation<RouteResponse<'PUT /contact-list-items/{id}'>, ItemBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /contact-list-items/{id}', { params: { id }, body }),
      invalidatesTags: ['ContactListItems'],
    }),
    deleteContactListItem: build.mutation<RouteResponse<'DELETE /contact-list-items/{id}'>, number>({
      query: (id) => request('DELETE /contact-list-items/{id}', { params: { id } }),
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
