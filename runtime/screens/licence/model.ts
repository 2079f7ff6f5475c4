// The licence page's pure rules: the form as the page holds it, module names, dates as shown.
import { MODULE_CODES, isModule, joinProductCode, splitProductCode } from '../../../definitions/language/index.ts';
import type { PastedLicence } from '../../../definitions/language/index.ts';
import type { LicenceAnswer, LicenceSave } from '../../api/index.ts';
import { moduleLabel } from './moduleLabels.ts';

export type Segments = [string, string, string, string];

export interface LicenceForm {
  licenseName: string;
  /** The product code's four segments (spec 1 §3). */
  segments: Segments;
  activationCode: string;
}

export const EMPTY_FORM: LicenceForm = { licenseName: '', segments: ['', '', '', ''], activationCode: '' };

/** The form of a licence; its product code may come from PrCode when the licence has none yet. */
export const formOf = (
  licence: Pick<LicenceAnswer, 'licenseName' | 'activationCode'>,
  productCode: string,
): LicenceForm => ({
  licenseName: licence.licenseName ?? '',
  segments: splitProductCode(productCode),
  activationCode: licence.activationCode ?? '',
});

/** A paste that was read fills what it carries; a product code alone keeps the name and activation code. */
export const pastedInto = (form: LicenceForm, pasted: PastedLicence): LicenceForm => ({
  licenseName: pasted.licenseName ?? form.licenseName,
  segments: splitProductCode(pasted.productCode),
  activationCode: pasted.activationCode ?? form.activationCode,
});

/** What Save sends: the segments joined by dashes. */
export const saveBody = (form: LicenceForm): LicenceSave => ({
  licenseName: form.licenseName.trim(),
  activationCode: form.activationCode.trim(),
  productCode: joinProductCode(form.segments),
});

export const sameForm = (a: LicenceForm, b: LicenceForm) =>
  a.licenseName === b.licenseName &&
  a.activationCode === b.activationCode &&
  a.segments.every((s, i) => s === b.segments[i]);

/** What a segment takes as typed: no spaces, no dashes (they separate the segments). */
export const cleanSegment = (value: string) => value.replace(/[\s\-\u2010-\u2015\u2212]/g, '');

/** The modules by name, in the spec's order; a code the runtime does not know shows as it is. */
export function moduleNames(codes: readonly string[]): string[] {
  const known = MODULE_CODES.filter((code) => codes.includes(code)).map(moduleLabel);
  return [...known, ...codes.filter((code) => !isModule(code))];
}

/** Whether every module is active. */
export const allModules = (codes: readonly string[]) => MODULE_CODES.every((code) => codes.includes(code));

/** A day (YYYY-MM-DD) as the runtime shows dates: D-M-YYYY. */
export function formatDay(day: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${Number(m[3])}-${Number(m[2])}-${m[1]}` : (day ?? '');
}

/** A moment as D-M-YYYY HH:mm, in the browser's time zone. */
export function formatMoment(moment: string | null): string {
  const date = moment ? new Date(moment) : null;
  if (!date || Number.isNaN(date.getTime())) return moment ?? '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()}-${date.getMonth() + 1}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
