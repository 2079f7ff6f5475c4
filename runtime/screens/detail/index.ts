// Detail screens: the grid with data sets and actions, and the open record as a full-screen modal.
export { DetailPage } from './DetailPage.tsx';
export { DashboardPage } from './DashboardPage.tsx';
export type { DetailPageProps } from './DetailPage.tsx';
export { initialDataSet, orderedDataSets } from './dataSets.ts';
export { headerItems, TRACKER_FIELDS, trackerValue, valueText } from './headerValues.ts';
export type { HeaderItem } from './headerValues.ts';
export { detailTabs, tabEnabled, tabOfForm } from './tabs.ts';
export type { DetailTab } from './tabs.ts';
export { recordIdOf } from './useOpenRecord.ts';
export { CHANGE_TRACKER_DELAY_MS } from './useHoverDelay.ts';
