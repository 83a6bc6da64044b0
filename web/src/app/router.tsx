import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useAppSelector } from './hooks';
import { AdminOnly, PlanFlagOnly } from './route-guards';

const LoginPage = lazy(() => import('../routes/login-page'));
const SignupPage = lazy(() => import('../routes/signup-page'));
const AppLayout = lazy(() => import('../layout/app-layout'));
const TicketsPage = lazy(() => import('../routes/tickets-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));
const DashboardPage = lazy(() => import('../routes/dashboard-page'));
const ConnectionsPage = lazy(() => import('../routes/connections-page'));
const ContactsPage = lazy(() => import('../routes/contacts-page'));
const UsersPage = lazy(() => import('../routes/users-page'));
const QueuesPage = lazy(() => import('../routes/queues-page'));
const TagsPage = lazy(() => import('../routes/tags-page'));
const QuickMessagesPage = lazy(() => import('../routes/quick-messages-page'));
const SchedulesPage = lazy(() => import('../routes/schedules-page'));
const HelpsPage = lazy(() => import('../routes/helps-page'));

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
      // `/` is the admin's dashboard; everyone else lands on /tickets
      {
        index: true,
        element: (
          <AdminOnly>
            <Lazy>
              <DashboardPage />
            </Lazy>
          </AdminOnly>
        ),
      },
      ...managementRoutes(),
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

/** The management pages of part 2 (spec §2's route table): who may open each. */
function managementRoutes(): RouteObject[] {
  const page = (path: string, element: ReactNode, access: 'all' | 'admin' = 'all'): RouteObject => ({
    path,
    element: access === 'admin' ? <AdminOnly>{<Lazy>{element}</Lazy>}</AdminOnly> : <Lazy>{element}</Lazy>,
  });
  return [
    page('connections', <ConnectionsPage />, 'admin'),
    page('contacts', <ContactsPage />),
    page('users', <UsersPage />, 'admin'),
    page('queues', <QueuesPage />, 'admin'),
    page('tags', <TagsPage />),
    page('quick-messages', <QuickMessagesPage />),
    page(
      'schedules',
      <PlanFlagOnly flag="useSchedules">
        <SchedulesPage />
      </PlanFlagOnly>,
    ),
    page('helps', <HelpsPage />),
  ];
}

export const createRouter = () => createBrowserRouter(routes);
