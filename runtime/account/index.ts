// Login, logout, the session timer and the login redirect.
export {
  loadCurrentUser,
  login,
  logout,
  redirectToLogin,
  sessionMissing,
  startAccount,
  takeReturnUrl,
} from './actions.ts';
export type { AccountShell } from './actions.ts';
export { AccountPages } from './AccountPages.tsx';
export { accountPageOf, takeToken, type AccountPage } from './pages.ts';
export { LoginPage } from './LoginPage.tsx';
export { isMigrateWizard, MigrateWizard } from './SignOn.tsx';
export type { LoginPageProps } from './LoginPage.tsx';
export { LOGIN_ROUTE, loginRedirect } from './redirect.ts';
export type { LoginRedirect } from './redirect.ts';
export {
  CHECK_DELAY_MS,
  checkTime,
  createSessionTimer,
  EXPIRY_GRACE_MS,
  isExpired,
  readSessionLifetime,
  SESSION_COOKIE,
  sessionExpiry,
} from './session.ts';
export type { SessionTimer, SessionTimerOptions } from './session.ts';
export { account, displayName, isLoggedIn, LOGIN_STATE_KEY, setLoggedIn } from './state.ts';
export { UserMenu } from './UserMenu.tsx';
