import type {
  TwoFactorChallengeRequest,
  TwoFactorCodeRequest,
  TwoFactorRecoveryCodesRequest,
  TwoFactorVerifyRequest,
} from '@cs/proto/http';
import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['TwoFactor'] });

/**
 * Two-factor sign-in: the second step of `POST /auth/login` (the challenge in its 401's `details`), and a
 * signed-in user's own authenticator (`/auth/two-factor`).
 */
export const twoFactorApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    verifyTwoFactor: build.mutation<RouteResponse<'POST /auth/two-factor/verify'>, TwoFactorVerifyRequest>({
      query: (body) => request('POST /auth/two-factor/verify', { body }),
    }),
    beginSignInEnrolment: build.mutation<RouteResponse<'POST /auth/two-factor/enrolment'>, TwoFactorChallengeRequest>({
      query: (body) => request('POST /auth/two-factor/enrolment', { body }),
    }),
    confirmSignInEnrolment: build.mutation<
      RouteResponse<'POST /auth/two-factor/enrolment/confirm'>,
      TwoFactorVerifyRequest
    >({
      query: (body) => request('POST /auth/two-factor/enrolment/confirm', { body }),
    }),
    getTwoFactorStatus: build.query<RouteResponse<'GET /auth/two-factor'>, void>({
      query: () => request('GET /auth/two-factor'),
      providesTags: ['TwoFactor'],
    }),
    beginTwoFactorSetup: build.mutation<RouteResponse<'POST /auth/two-factor/setup'>, void>({
      query: () => request('POST /auth/two-factor/setup', { body: {} }),
    }),
    confirmTwoFactorSetup: build.mutation<RouteResponse<'POST /auth/two-factor/setup/confirm'>, TwoFactorCodeRequest>({
      query: (body) => request('POST /auth/two-factor/setup/confirm', { body }),
      invalidatesTags: ['TwoFactor'],
    }),
    regenerateRecoveryCodes: build.mutation<
      RouteResponse<'POST /auth/two-factor/recovery-codes'>,
      TwoFactorRecoveryCodesRequest
    >({
      query: (body) => request('POST /auth/two-factor/recovery-codes', { body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<RouteResponse<'POST /auth/two-factor/disable'>, TwoFactorCodeRequest>({
      query: (body) => request('POST /auth/two-factor/disable', { body }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useVerifyTwoFactorMutation,
  useBeginSignInEnrolmentMutation,
  useConfirmSignInEnrolmentMutation,
  useGetTwoFactorStatusQuery,
  useBeginTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
  useRegenerateRecoveryCodesMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;
