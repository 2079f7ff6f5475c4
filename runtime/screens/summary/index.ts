export { SummaryPage } from './SummaryPage.tsx';
