import type { LoginRequest, SignupRequest, UpdateUserRequest } from '@cs/proto/http';
import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';

/**
 * `POST /companies/cadastro`: `SignupRequestSchema`'s body plus the fields the spec's client also sends (the
 * server ignores them and computes the trial itself).
 */
export type SignupBody = SignupRequest & {
  recurrence: 'MENSAL';
  dueDate: string;
  status: 't';
  campaignsEnabled: true;
  companyId?: number;
};

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<RouteResponse<'POST /auth/login'>, LoginRequest>({
      query: (body) => request('POST /auth/login', { body }),
    }),
    refreshToken: build.mutation<RouteResponse<'POST /auth/refresh_token'>, void>({
      query: () => request('POST /auth/refresh_token'),
    }),
    logout: build.mutation<RouteResponse<'DELETE /auth/logout'>, void>({
      query: () => request('DELETE /auth/logout'),
    }),
    listPlans: build.query<RouteResponse<'GET /plans/list'>, void>({
      query: () => request('GET /plans/list'),
      providesTags: ['Plans'],
    }),
    signup: build.mutation<RouteResponse<'POST /companies/cadastro'>, SignupBody>({
      query: (body) => request('POST /companies/cadastro', { body }),
    }),
    getUser: build.query<RouteResponse<'GET /users/{id}'>, number>({
      query: (id) => request('GET /users/{id}', { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Users', id }],
    }),
    updateUser: build.mutation<RouteResponse<'PUT /users/{id}'>, { id: number } & UpdateUserRequest>({
      query: ({ id, ...body }) => request('PUT /users/{id}', { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Users', id }, 'Users'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRefreshTokenMutation,
  useLogoutMutation,
  useListPlansQuery,
  useSignupMutation,
  useGetUserQuery,
  useUpdateUserMutation,
} = authApi;
