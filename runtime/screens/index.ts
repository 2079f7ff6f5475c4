// Generic pages rendered by the shell for each screen kind.
export { MaintenancePage } from './MaintenancePage.tsx';
export type { MaintenancePageProps } from './MaintenancePage.tsx';
export { SettingsPage } from './SettingsPage.tsx';
export { DashboardPage, DetailPage } from './detail/index.ts';
export { LicencePage } from './licence/index.ts';
export { TranslationDashboardPage, TranslationsPage } from './translations/index.ts';
export { CapacityPage, PlanningBoardPage } from './planning/index.ts';
export { SummaryPage } from './summary/index.ts';
export { ApiClientsPage } from './apiclients/index.ts';
export { SessionUserLogsPage } from './sessionlogs/index.ts';
export type { DetailPageProps } from './detail/index.ts';
export { settleChanges } from './settleChanges.ts';
export { describeFailure } from './failures.ts';
export { describeRow } from './rows.ts';
export { useTableMaintenance } from './useTableMaintenance.tsx';
export type { TableMaintenance } from './useTableMaintenance.tsx';
