import type { CreateUserRequest, UpdateUserRequest, UserPage, UserResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getUsersPage: build.infiniteQuery<RouteResponse<'GET /users'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /users', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Users'],
    }),
    createUser: build.mutation<RouteResponse<'POST /users'>, UserBody>({
      query: (body) => request('POST /users', { body }),
      invalidatesTags: ['Users'],
    }),
    editUser: build.mutation<RouteResponse<'PUT /users/{id}'>, UserUpdateBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /users/{id}', { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => ['Users', { type: 'Users', id }],
    }),
    deleteUser: build.mutation<RouteResponse<'DELETE /users/{id}'>, number>({
      query: (id) => request('DELETE /users/{id}', { params: { id } }),
      invalidatesTags: ['Users'],
    }),
    /** `DELETE /users/{id}/two-factor` (admin): a lost phone; audited. */
    resetUserTwoFactor: build.mutation<RouteResponse<'DELETE /users/{id}/two-factor'>, number>({
      query: (id) => request('DELETE /users/{id}/two-factor', { params: { id } }),
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
