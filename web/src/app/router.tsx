import { type ComponentType, lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { tokenStore } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { ExpiredGate } from '../features/billing/components/expired-gate';
import { homeForProfile } from '../features/auth/utils/home';
import { useAppSelector } from './hooks';
import { AdminOnly, PlanFlagOnly } from './route-guards';

/**
 * Route code by path: a signed-in visit loads the shell's and its page's code at once, while the session is being
 * checked, instead of one after the other behind a full-screen spinner (the shell then renders at once and the
 * page's own spinner shows inside it, if at all).
 */
const loadAppLayout = () => import('../layout/app-layout');
const routeCode: Array<{ path: string; load: () => Promise<unknown> }> = [];
function lazyRoute<T extends ComponentType>(path: string, load: () => Promise<{ default: T }>) {
  routeCode.push({ path, load });
  return lazy(load);
}

/** Starts loading the shell and the page of `pathname` (module loads are shared with the lazy components). */
export function preloadRoute(pathname: string): void {
  const page = routeCode.find(({ path }) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`),
  );
  void loadAppLayout().catch(() => undefined);
  void page?.load().catch(() => undefined);
}

const LoginPage = lazy(() => import('../routes/login-page'));
const SignupPage = lazy(() => import('../routes/signup-page'));
const AppLayout = lazy(loadAppLayout);
const TicketsPage = lazyRoute('/tickets', () => import('../routes/tickets-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));
const DashboardPage = lazyRoute('/', () => import('../routes/dashboard-page'));
const ConnectionsPage = lazyRoute('/connections', () => import('../routes/connections-page'));
const ContactsPage = lazyRoute('/contacts', () => import('../routes/contacts-page'));
const UsersPage = lazyRoute('/users', () => import('../routes/users-page'));
const QueuesPage = lazyRoute('/queues', () => import('../routes/queues-page'));
const TagsPage = lazyRoute('/tags', () => import('../routes/tags-page'));
const QuickMessagesPage = lazyRoute('/quick-messages', () => import('../routes/quick-messages-page'));
const SchedulesPage = lazyRoute('/schedules', () => import('../routes/schedules-page'));
const HelpsPage = lazyRoute('/helps', () => import('../routes/helps-page'));
const FinanceiroPage = lazyRoute('/financeiro', () => import('../routes/financeiro-page'));
const SubscriptionPage = lazyRoute('/subscription', () => import('../routes/subscription-page'));
const SettingsPage = lazyRoute('/settings', () => import('../routes/settings-page'));
const AnnouncementsPage = lazyRoute('/announcements', () => import('../routes/announcements-page'));
const ChatsPage = lazyRoute('/chats', () => import('../routes/chats-page'));
const KanbanPage = lazyRoute('/kanban', () => import('../routes/kanban-page'));
const TodoListPage = lazyRoute('/todolist', () => import('../routes/todolist-page'));
const CampaignsPage = lazyRoute('/campaigns', () => import('../routes/campaigns-page'));
const CampaignsConfigPage = lazyRoute('/campaigns-config', () => import('../routes/campaigns-config-page'));
const CampaignReportPage = lazyRoute('/campaign-report', () => import('../routes/campaign-report-page'));
const ContactListsPage = lazyRoute('/contact-lists', () => import('../routes/contact-lists-page'));
const ContactListItemsPage = lazyRoute('/contact-list-items', () => import('../routes/contact-list-items-page'));
const FilesPage = lazyRoute('/files', () => import('../routes/files-page'));
const PromptsPage = lazyRoute('/prompts', () => import('../routes/prompts-page'));
const QueueIntegrationsPage = lazyRoute('/queue-integrations', () => import('../routes/queue-integrations-page'));
const MessagesApiPage = lazyRoute('/messages-api', () => import('../routes/messages-api-page'));
const AuditPage = lazyRoute('/audit', () => import('../routes/audit-page'));
const ReportsPage = lazyRoute('/reports', () => import('../routes/reports-page'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/**
 * Public pages: a signed-in user goes to their profile's home, where signing in sends them (the login form navigates
 * there too, and the two must agree whichever comes first), else to `/`.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  const profile = useAppSelector((s) => s.session.user?.profile);
  if (status === 'checking') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to={(profile && homeForProfile(profile)) || '/'} replace />;
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
        <ExpiredGate>
          <AppLayout />
        </ExpiredGate>
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
      ...administrationRoutes(),
      ...campaignRoutes(),
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
    page('financeiro', <FinanceiroPage />),
    page('subscription', <SubscriptionPage />),
    ...teamRoutes(page),
    page(
      'prompts',
      <PlanFlagOnly flag="useOpenAi">
        <PromptsPage />
      </PlanFlagOnly>,
      'admin',
    ),
    page(
      'queue-integration',
      <PlanFlagOnly flag="useIntegrations">
        <QueueIntegrationsPage />
      </PlanFlagOnly>,
      'admin',
    ),
    page(
      'messages-api',
      <PlanFlagOnly flag="useExternalApi">
        <MessagesApiPage />
      </PlanFlagOnly>,
      'admin',
    ),
  ];
}

/** The team's own tools (issue 19): internal chat, kanban (both behind their plan flags) and the to-do list. */
function teamRoutes(page: (path: string, element: ReactNode) => RouteObject): RouteObject[] {
  const chats = (
    <PlanFlagOnly flag="useInternalChat">
      <ChatsPage />
    </PlanFlagOnly>
  );
  return [
    page('chats', chats),
    page('chats/:id', chats),
    page(
      'kanban',
      <PlanFlagOnly flag="useKanban">
        <KanbanPage />
      </PlanFlagOnly>,
    ),
    page('todolist', <TodoListPage />),
  ];
}

/** Administration (issue 18): settings for admins; announcements check the operator company themselves. */
function administrationRoutes(): RouteObject[] {
  return [
    {
      path: 'settings',
      element: (
        <AdminOnly>
          <Lazy>
            <SettingsPage />
          </Lazy>
        </AdminOnly>
      ),
    },
    {
      path: 'announcements',
      element: (
        <Lazy>
          <AnnouncementsPage />
        </Lazy>
      ),
    },
    // reports and service levels (issue 55): admins, as the dashboard
    {
      path: 'reports',
      element: (
        <AdminOnly>
          <Lazy>
            <ReportsPage />
          </Lazy>
        </AdminOnly>
      ),
    },
    // the audit log (issue 54): every company's admins, not plan-gated
    {
      path: 'audit',
      element: (
        <AdminOnly>
          <Lazy>
            <AuditPage />
          </Lazy>
        </AdminOnly>
      ),
    },
  ];
}

/** Campaigns, contact lists and file lists (issue 16); the pages guard themselves (cshow flag, admin, plan). */
function campaignRoutes(): RouteObject[] {
  const page = (path: string, element: ReactNode): RouteObject => ({ path, element: <Lazy>{element}</Lazy> });
  return [
    page('campaigns', <CampaignsPage />),
    page('campaigns-config', <CampaignsConfigPage />),
    page('campaign/:campaignId/report', <CampaignReportPage />),
    page('contact-lists', <ContactListsPage />),
    page('contact-lists/:contactListId/contacts', <ContactListItemsPage />),
    page('files', <FilesPage />),
  ];
}

export const createRouter = () => {
  if (tokenStore.get()) preloadRoute(window.location.pathname);
  return createBrowserRouter(routes);
};
