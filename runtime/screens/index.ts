// Generic pages rendered by the shell for each screen kind.
export { MaintenancePage } from './MaintenancePage.tsx';
export type { MaintenancePageProps } from './MaintenancePage.tsx';
export { SettingsPage } from './SettingsPage.tsx';
export { describeFailure } from './failures.ts';
export { describeRow } from './rows.ts';
