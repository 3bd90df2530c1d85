import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/route-error';
import { RequireAdmin, RequireAuth } from '../lib/auth/guards';
import { loadFullStyles } from '../lib/full-styles';
import { RootLayout } from './layouts/root-layout';

/**
 * A code-split page (React.lazy): `name` picks a named export of the module. It shows once Mantine's
 * whole stylesheet has loaded too: only the landing page gets by with the few it imports itself.
 */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadFullStyles()]);
    return { default: module[name] as ComponentType };
  });
}

const loadAuthPages = () => import('./routes/auth');
const loadClientPages = () => import('./routes/app/clients');
const loadWorkerPages = () => import('./routes/app/workers');
const loadCrewPages = () => import('./routes/app/crews');
const loadJobsitePages = () => import('./routes/app/jobsites');
const AdminDashboard = page(() => import('./routes/admin/dashboard'), 'AdminDashboardPage');
const AdminSubscriptions = page(() => import('./routes/admin/subscriptions'), 'AdminSubscriptionsPage');
const AdminBilling = page(() => import('./routes/admin/billing'), 'AdminBillingPage');
const AdminRevenue = page(() => import('./routes/admin/revenue'), 'AdminRevenuePage');
const AdminReports = page(() => import('./routes/admin/reports'), 'AdminReportsPage');

// Prerendered into index.html at build time (web/prerender/) and hydrated: its own styles only.
const Landing = lazy(async () => ({ default: (await import('./routes/landing')).LandingPage }));
const NotFound = page(() => import('./routes/not-found'), 'NotFoundPage');
const AuthLayout = page(() => import('./layouts/auth-layout'), 'AuthLayout');
const DashboardLayout = page(() => import('./layouts/dashboard-layout'), 'DashboardLayout');
const AdminLayout = page(() => import('./layouts/admin-layout'), 'AdminLayout');

const Login = page(loadAuthPages, 'LoginPage');
const Register = page(loadAuthPages, 'RegisterPage');
const ForgotPassword = page(loadAuthPages, 'ForgotPasswordPage');
const ResetPassword = page(loadAuthPages, 'ResetPasswordPage');
const AdminLogin = page(loadAuthPages, 'AdminLoginPage');
const SsoCallback = page(loadAuthPages, 'SsoCallbackPage');
const SsoSettings = page(() => import('./routes/app/settings-sso'), 'SsoSettingsPage');

const Dashboard = page(() => import('./routes/app/dashboard'), 'DashboardPage');
const Subscription = page(() => import('./routes/app/subscription'), 'SubscriptionPage');
const Settings = page(() => import('./routes/app/settings'), 'SettingsPage');
const ApiSettings = page(() => import('./routes/app/settings-api'), 'ApiSettingsPage');
const ApiReference = page(() => import('./routes/api-reference'), 'ApiReferencePage');
const RequirePremium = page(() => import('./routes/app/require-premium'), 'RequirePremium');
const Weather = page(() => import('./routes/app/weather'), 'WeatherPage');
const Email = page(() => import('./routes/app/email'), 'EmailPage');
const AdminEmailTesting = page(() => import('./routes/admin/email-testing'), 'AdminEmailTestingPage');
const AdminWeatherTesting = page(() => import('./routes/admin/weather-testing'), 'AdminWeatherTestingPage');
const AdminUsers = page(() => import('./routes/admin/users'), 'AdminUsersPage');
const AdminSettings = page(() => import('./routes/admin/settings'), 'AdminSettingsPage');
const Unsubscribe = page(() => import('./routes/unsubscribe'), 'UnsubscribePage');
const Notice = page(() => import('./routes/notice'), 'NoticePage');
const Confirm = page(() => import('./routes/confirm'), 'ConfirmPage');
const Join = page(() => import('./routes/join'), 'JoinPage');
const Team = page(() => import('./routes/app/team'), 'TeamPage');
const LedgerEvidence = page(() => import('./routes/app/ledger-evidence'), 'LedgerEvidencePage');
const Analytics = page(() => import('./routes/app/analytics'), 'AnalyticsPage');
const Reports = page(() => import('./routes/app/reports'), 'ReportsPage');
const Report = page(() => import('./routes/app/report'), 'ReportPage');
const loadSupportPages = () => import('./routes/app/support');
const Support = page(loadSupportPages, 'SupportPage');
const SupportThread = page(loadSupportPages, 'SupportThreadPage');
const AdminSupport = page(() => import('./routes/admin/support'), 'AdminSupportPage');
const Webhooks = page(() => import('./routes/app/webhooks'), 'WebhooksPage');
const BrandSettings = page(() => import('./routes/app/settings-brand'), 'BrandSettingsPage');

const Clients = page(loadClientPages, 'ClientsPage');
const NewClient = page(loadClientPages, 'NewClientPage');
const Client = page(loadClientPages, 'ClientPage');
const EditClient = page(loadClientPages, 'EditClientPage');
const Workers = page(loadWorkerPages, 'WorkersPage');
const NewWorker = page(loadWorkerPages, 'NewWorkerPage');
const Worker = page(loadWorkerPages, 'WorkerPage');
const EditWorker = page(loadWorkerPages, 'EditWorkerPage');
const Crews = page(loadCrewPages, 'CrewsPage');
const Crew = page(loadCrewPages, 'CrewPage');
const Jobsites = page(loadJobsitePages, 'JobsitesPage');
const NewJobsite = page(loadJobsitePages, 'NewJobsitePage');
const Jobsite = page(loadJobsitePages, 'JobsitePage');

const signedInRoutes: RouteObject[] = [
  { path: 'dashboard', element: <Dashboard /> },
  { path: 'clients', element: <Clients /> },
  { path: 'clients/new', element: <NewClient /> },
  { path: 'clients/:clientId', element: <Client /> },
  { path: 'clients/:clientId/edit', element: <EditClient /> },
  {
    element: <RequirePremium />,
    children: [
      { path: 'jobsites', element: <Jobsites /> },
      { path: 'jobsites/new', element: <NewJobsite /> },
      { path: 'jobsites/:jobsiteId', element: <Jobsite /> },
    ],
  },
  { path: 'workers', element: <Workers /> },
  { path: 'workers/new', element: <NewWorker /> },
  { path: 'workers/:workerId', element: <Worker /> },
  { path: 'workers/:workerId/edit', element: <EditWorker /> },
  { path: 'crews', element: <Crews /> },
  { path: 'crews/:crewId', element: <Crew /> },
  { path: 'weather', element: <Weather /> },
  { path: 'email', element: <Email /> },
  { path: 'analytics', element: <Analytics /> },
  { path: 'analytics/reports', element: <Reports /> },
  { path: 'analytics/reports/:reportId', element: <Report /> },
  // Outside the Premium gate: a Basic account's one jobsite has its ledger too (on the dashboard).
  { path: 'jobsites/:jobsiteId/ledger/:date', element: <LedgerEvidence /> },
  { path: 'subscription', element: <Subscription /> },
  { path: 'settings', element: <Settings /> },
  { path: 'settings/api', element: <ApiSettings /> },
  { path: 'support', element: <Support /> },
  { path: 'support/:requestId', element: <SupportThread /> },
  { path: 'settings/team', element: <Team /> },
  { path: 'settings/webhooks', element: <Webhooks /> },
  { path: 'settings/sso', element: <SsoSettings /> },
  { path: 'settings/brand', element: <BrandSettings /> },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: 'dashboard', element: <AdminDashboard /> },
  { path: 'users', element: <AdminUsers /> },
  { path: 'subscriptions', element: <AdminSubscriptions /> },
  { path: 'billing', element: <AdminBilling /> },
  { path: 'revenue', element: <AdminRevenue /> },
  { path: 'reports', element: <AdminReports /> },
  { path: 'settings', element: <AdminSettings /> },
  { path: 'email-testing', element: <AdminEmailTesting /> },
  { path: 'weather-testing', element: <AdminWeatherTesting /> },
  { path: 'support', element: <AdminSupport /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Landing /> },
      // A notice's details link (/n/<signed token>) opens without signing in.
      { path: 'n/:token', element: <Notice /> },
      // A notice's unsubscribe link and a foreman's confirmation link work without signing in; they
      // carry the contractor's brand (issue 24), so they have their own frame, not the sign-in card's.
      { path: 'unsubscribe', element: <Unsubscribe /> },
      { path: 'c/:token', element: <Confirm /> },
      // The public API's reference (issue 23), rendered from /v1/openapi.json without signing in.
      { path: 'docs/api', element: <ApiReference /> },
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <Login /> },
          { path: 'register', element: <Register /> },
          { path: 'forgot-password', element: <ForgotPassword /> },
          { path: 'reset-password', element: <ResetPassword /> },
          { path: 'admin/login', element: <AdminLogin /> },
          // Back from the company's sign-in (single sign-on, issue 24).
          { path: 'auth/sso-callback', element: <SsoCallback /> },
          // A team invite's link: sign in or sign up with the invited address, then join.
          { path: 'join/:token', element: <Join /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            // A failing page keeps the navigation around it.
            children: [{ errorElement: <RouteError />, children: signedInRoutes }],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          { element: <AdminLayout />, children: [{ errorElement: <RouteError />, children: adminRoutes }] },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The browser's router (main.tsx); the build's prerender renders the same routes in memory. */
export const createAppRouter = () => createBrowserRouter(routes);
