import type {
  TwoFactorChallengeRequest,
  TwoFactorCodeRequest,
  TwoFactorEnrolledSignIn,
  TwoFactorRecoveryCodes,
  TwoFactorRecoveryCodesRequest,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorVerifyRequest,
} from '@cs/proto/http';
import { baseApi } from '../base-api';
import type { AuthResponse } from '../types';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['TwoFactor'] });

/**
 * Two-factor sign-in: the second step of `POST /auth/login` (the challenge in its 401's `details`), and a
 * signed-in user's own authenticator (`/auth/two-factor`).
 */
export const twoFactorApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    verifyTwoFactor: build.mutation<AuthResponse, TwoFactorVerifyRequest>({
      query: (body) => ({ url: '/auth/two-factor/verify', method: 'POST', body }),
    }),
    beginSignInEnrolment: build.mutation<TwoFactorSetup, TwoFactorChallengeRequest>({
      query: (body) => ({ url: '/auth/two-factor/enrolment', method: 'POST', body }),
    }),
    confirmSignInEnrolment: build.mutation<TwoFactorEnrolledSignIn, TwoFactorVerifyRequest>({
      query: (body) => ({ url: '/auth/two-factor/enrolment/confirm', method: 'POST', body }),
    }),
    getTwoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => '/auth/two-factor',
      providesTags: ['TwoFactor'],
    }),
    beginTwoFactorSetup: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/auth/two-factor/setup', method: 'POST', body: {} }),
    }),
    confirmTwoFactorSetup: build.mutation<TwoFactorRecoveryCodes, TwoFactorCodeRequest>({
      query: (body) => ({ url: '/auth/two-factor/setup/confirm', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    regenerateRecoveryCodes: build.mutation<TwoFactorRecoveryCodes, TwoFactorRecoveryCodesRequest>({
      query: (body) => ({ url: '/auth/two-factor/recovery-codes', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<TwoFactorStatus, TwoFactorCodeRequest>({
      query: (body) => ({ url: '/auth/two-factor/disable', method: 'POST', body }),
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
