import { baseApi } from '../base-api';
import type { AuthResponse, Plan, SessionUser } from '../types';

export interface SignupBody {
  name: string;
  /** The person signing up (the first admin's name). */
  userName?: string | undefined;
  email: string;
  phone: string;
  password: string;
  planId: number;
  recurrence: 'MENSAL';
  dueDate: string;
  status: 't';
  campaignsEnabled: true;
  companyId?: number;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, { email: string; password: string }>({
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
    signup: build.mutation<unknown, SignupBody>({
      query: (body) => ({ url: '/companies/cadastro', method: 'POST', body }),
    }),
    getUser: build.query<SessionUser, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Users', id }],
    }),
    updateUser: build.mutation<SessionUser, { id: number; name: string; email: string; password?: string }>({
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
