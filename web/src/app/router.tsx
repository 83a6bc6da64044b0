import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useAppSelector } from './hooks';

const LoginPage = lazy(() => import('../routes/login-page'));
const SignupPage = lazy(() => import('../routes/signup-page'));
const AppLayout = lazy(() => import('../layout/app-layout'));
const TicketsPage = lazy(() => import('../routes/tickets-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** Public pages: a signed-in user goes to `/`. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  if (status === 'checking') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Lazy>{children}</Lazy>;
}

/** Everything else needs a session: a visitor goes to /login, an ended session to /login?expired=true. */
export function Private({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  const location = useLocation();
  if (status === 'checking') return <PageLoader />;
  if (status === 'expired') return <Navigate to="/login?expired=true" replace />;
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Lazy>{children}</Lazy>;
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  {
    path: '/signup',
    element: (
      <PublicOnly>
        <SignupPage />
      </PublicOnly>
    ),
  },
  {
    path: '/',
    element: (
      <Private>
        <AppLayout />
      </Private>
    ),
    children: [
      // The dashboard (admin) belongs to part 2 of the client; until it lands `/` opens the workspace.
      { index: true, element: <Navigate to="/tickets" replace /> },
      {
        path: 'tickets',
        element: (
          <Lazy>
            <TicketsPage />
          </Lazy>
        ),
      },
      {
        path: 'tickets/:ticketUuid',
        element: (
          <Lazy>
            <TicketsPage />
          </Lazy>
        ),
      },
      {
        path: '*',
        element: (
          <Lazy>
            <NotFoundPage />
          </Lazy>
        ),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
