import type { CreateUserRequest, MessageResponse, UpdateUserRequest, UserPage, UserResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A user as `/users` answers it (`UserResponseSchema`). */
export type UserRecord = UserResponse;
export type UsersPage = UserPage;
/** `POST /users` (`CreateUserRequestSchema`). */
export type UserBody = CreateUserRequest;
/** `PUT /users/{id}` (`UpdateUserRequestSchema`: an empty or absent password keeps the current one). */
export type UserUpdateBody = UpdateUserRequest;

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
    editUser: build.mutation<UserRecord, UserUpdateBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['Users', { type: 'Users', id }],
    }),
    deleteUser: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
    /** `DELETE /users/{id}/two-factor` (admin): a lost phone; audited. */
    resetUserTwoFactor: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/users/${id}/two-factor`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetUsersPageInfiniteQuery,
  useCreateUserMutation,
  useEditUserMutation,
  useDeleteUserMutation,
  useResetUserTwoFactorMutation,
} = usersApi;
