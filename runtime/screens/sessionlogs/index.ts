// The session user logs page: open sessions and force logout.
export { SessionUserLogsPage } from './SessionUserLogsPage.tsx';
