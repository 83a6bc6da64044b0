import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';
import type { QueueRef } from '../../../api/types';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  profile: string;
  super?: boolean;
  online?: boolean;
  allTicket?: string;
  whatsappId?: number | null;
  queues?: QueueRef[];
}

export interface UsersPage {
  users: UserRecord[];
  count?: number;
  hasMore: boolean;
}

export interface UserBody {
  name: string;
  email: string;
  password?: string;
  profile: 'admin' | 'user';
  queueIds: number[];
  whatsappId: number | null;
  allTicket: 'enable' | 'disable';
}

/** `/users` (spec §7): the paged list `{users, hasMore}` and CRUD (admin). Live through the `Users` tag. */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsersPage: build.infiniteQuery<UsersPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/users/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Users'],
    }),
    createUser: build.mutation<UserRecord, UserBody>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
    editUser: build.mutation<UserRecord, UserBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['Users', { type: 'Users', id }],
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useGetUsersPageInfiniteQuery, useCreateUserMutation, useEditUserMutation, useDeleteUserMutation } =
  usersApi;
