import type { Company, LoginRequest, SignupRequest, UpdateUserRequest, UserResponse } from '@cs/proto/http';
import { baseApi } from '../base-api';
import type { AuthResponse, Plan } from '../types';

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
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    refreshToken: build.mutation<AuthResponse, void>({
      query: () => ({ url: '/auth/refresh_token', method: 'POST' }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'DELETE' }),
    }),
    listPlans: build.query<Plan[], void>({
      query: () => '/plans/list',
      providesTags: ['Plans'],
    }),
    signup: build.mutation<Company, SignupBody>({
      query: (body) => ({ url: '/companies/cadastro', method: 'POST', body }),
    }),
    getUser: build.query<UserResponse, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Users', id }],
    }),
    updateUser: build.mutation<UserResponse, { id: number } & UpdateUserRequest>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
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
