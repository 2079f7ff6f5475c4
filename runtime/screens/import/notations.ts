// The notation selects of the import form, each value with a label people read. Booleans are shown
// as the words the file holds (True / False…), which are the same in every language; dates as
// their pattern, translated (D-M-JJJJ in Dutch), with the fifth of March 2025 written that way.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { IMPORT } from '../../../definitions/language/index.ts';
import type { BooleanFormat, DateFormat, DecimalFormat } from '../../api/index.ts';

export interface NotationOption<T extends string> {
  value: T;
  label: string;
}

/** What each boolean notation reads in a cell, true then false. */
const BOOLEAN_WORDS: Record<BooleanFormat, string> = {
  TrueFalse: 'True / False',
  YesNo: 'Yes / No',
  TF: 'T / F',
  YN: 'Y / N',
  OneZero: '1 / 0',
};

/** The fifth of March 2025 in each date notation. */
const DATE_EXAMPLES: Record<DateFormat, string> = {
  DMYYYY: '5/3/2025',
  DMYYYY_Dash: '5-3-2025',
  DDMMYYYY: '05-03-2025',
  MDYYYY: '3/5/2025',
  MDYYYY_Dash: '3-5-2025',
  MMDDYYYY: '03/05/2025',
};

function datePattern(format: DateFormat): string {
  switch (format) {
    case 'DMYYYY':
      return i18n._(msg`D/M/JJJJ`);
    case 'DMYYYY_Dash':
      return i18n._(msg`D-M-JJJJ`);
    case 'DDMMYYYY':
      return i18n._(msg`DD-MM-JJJJ`);
    case 'MDYYYY':
      return i18n._(msg`M/D/JJJJ`);
    case 'MDYYYY_Dash':
      return i18n._(msg`M-D-JJJJ`);
    case 'MMDDYYYY':
      return i18n._(msg`MM/DD/JJJJ`);
  }
}

export function decimalOptions(): NotationOption<DecimalFormat>[] {
  const labels: Record<DecimalFormat, string> = {
    Comma: i18n._(msg`Komma (1.234,56)`),
    Dot: i18n._(msg`Punt (1,234.56)`),
  };
  return IMPORT.DecimalFormat.map((value) => ({ value, label: labels[value] }));
}

export function booleanOptions(): NotationOption<BooleanFormat>[] {
  return IMPORT.BooleanFormat.map((value) => ({ value, label: BOOLEAN_WORDS[value] }));
}

export function dateOptions(): NotationOption<DateFormat>[] {
  return IMPORT.DateFormat.map((value) => ({ value, label: `${datePattern(value)} (${DATE_EXAMPLES[value]})` }));
}
