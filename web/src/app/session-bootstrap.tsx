import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/endpoints/auth';
import { isTokenExpired, sessionExpired, signedIn, signedOut, tokenStore } from '../api/session';
import { notify } from '../components/toaster';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Starts the session from the refresh cookie when a token was kept, and checks the token's expiry whenever the
 * tab becomes visible again (spec §5: expiry from the token's embedded time).
 */
export function SessionBootstrap() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const status = useAppSelector((s) => s.session.status);

  useEffect(() => {
    if (status !== 'checking') return;
    let cancelled = false;
    void dispatch(authApi.endpoints.refreshToken.initiate())
      .unwrap()
      .then((data) => {
        if (!cancelled) dispatch(signedIn(data));
      })
      .catch(() => {
        if (!cancelled) dispatch(signedOut());
      });
    return () => {
      cancelled = true;
    };
  }, [dispatch, status]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const onVisible = () => {
      const token = tokenStore.get();
      if (document.visibilityState !== 'visible' || !token || !isTokenExpired(token)) return;
      void dispatch(authApi.endpoints.refreshToken.initiate())
        .unwrap()
        .then((data) => dispatch(signedIn(data)))
        .catch(() => {
          notify('warning', t('session.expiredOnReturn'));
          dispatch(sessionExpired());
        });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [dispatch, status, t]);

  return null;
}
