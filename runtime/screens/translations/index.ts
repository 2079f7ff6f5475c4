// The translation admin tasks (spec 3 `translations`, `translationdashboard`).
export { TranslationsPage } from './TranslationsPage.tsx';
export { TranslationDashboardPage } from './TranslationDashboardPage.tsx';
