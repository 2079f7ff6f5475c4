// The licence page (spec 1 §2–§5, spec 3 §6) and its pure rules.
export { LicencePage } from './LicencePage.tsx';
export type { LicencePageProps } from './LicencePage.tsx';
export { copyText } from './clipboard.ts';
export {
  allModules,
  cleanSegment,
  EMPTY_FORM,
  formatDay,
  formatMoment,
  formOf,
  moduleNames,
  pastedInto,
  sameForm,
  saveBody,
} from './model.ts';
export type { LicenceForm, Segments } from './model.ts';
