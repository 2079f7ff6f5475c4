// The import's pure rules: the progress percentage rounded to 2 decimals, the state and colour a
// task shows, the notation choices with readable labels, the files the picker takes and when
// Start may be pressed.
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT } from '../../definitions/language/index.ts';
import type { ImportTask } from '../../runtime/api/index.ts';
import {
  booleanOptions,
  canStart,
  dateOptions,
  decimalOptions,
  DEFAULT_NOTATIONS,
  fileProblem,
  IMPORT_ACCEPT,
  isActive,
  isSuccess,
  parseProgress,
  percentOf,
  progressOf,
  progressPercent,
  shownState,
} from '../../runtime/screens/import/index.ts';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});

const task = (extra: Partial<ImportTask> = {}): ImportTask => ({
  AutoID: 7,
  Destination: 'relations',
  ProcessState: 0,
  ProcessState_Enum: 'Pending',
  ProcessResult: 0,
  ProcessResult_Enum: 'NotSet',
  ErrorMessage: null,
  TotalRecords: 0,
  ProcessedRecords: 0,
  FailedRecords: 0,
  SkippedRecords: 0,
  CurrentRow: 0,
  ProcessDate: null,
  ProcessDuration: null,
  Filename: 'relaties.xlsx',
  OutputFilename: null,
  Overwrite: false,
  DryRun: false,
  ...DEFAULT_NOTATIONS,
  ...extra,
});

describe('progress percentage', () => {
  it('is rounded to 2 decimals', () => {
    expect(progressPercent(1234, 5000)).toBe(24.68);
    expect(progressPercent(1, 3)).toBe(33.33);
    expect(progressPercent(2, 3)).toBe(66.67);
    expect(progressPercent(1, 7)).toBe(14.29);
    expect(progressPercent(5000, 5000)).toBe(100);
  });
  it('is 0 before the rows are counted and never past 100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(10, 0)).toBe(0);
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(11, 10)).toBe(100);
  });
  it('follows the stream while it runs and is 100 once the task is processed', () => {
    const running = task({ ProcessState: 1, TotalRecords: 5000, CurrentRow: 1000 });
    expect(percentOf(running, null)).toBe(20);
    expect(percentOf(running, { CurrentRow: 1234, TotalRows: 5000, Finished: false })).toBe(24.68);
    expect(progressOf(running, { CurrentRow: 1234, TotalRows: 5000, Finished: false })).toEqual({
      current: 1234,
      total: 5000,
    });
    const done = task({ ProcessState: 2, TotalRecords: 3, ProcessedRecords: 2, FailedRecords: 1 });
    expect(percentOf(done, null)).toBe(100);
    expect(progressOf(done, null)).toEqual({ current: 3, total: 3 });
  });
});

describe('task state', () => {
  it('shows a pending task as running once progress arrived', () => {
    expect(shownState(task({ ProcessState: 0 }), false)).toBe(0);
    expect(shownState(task({ ProcessState: 0 }), true)).toBe(1);
    expect(shownState(task({ ProcessState: 2 }), true)).toBe(2);
  });
  it('watches pending and running tasks only', () => {
    expect([0, 1, 2, 3].map((ProcessState) => isActive(task({ ProcessState })))).toEqual([true, true, false, false]);
  });
  it('is green only for ProcessResult 1', () => {
    expect([0, 1, 2, 3].map((ProcessResult) => isSuccess(task({ ProcessResult })))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('progress messages', () => {
  it("are read from the stream's JSON", () => {
    expect(parseProgress('{"CurrentRow":3,"TotalRows":10,"Finished":false}')).toEqual({
      CurrentRow: 3,
      TotalRows: 10,
      Finished: false,
    });
    expect(parseProgress({ CurrentRow: 10, TotalRows: 10, Finished: true })).toEqual({
      CurrentRow: 10,
      TotalRows: 10,
      Finished: true,
    });
  });
  it('that are no progress are none', () => {
    expect(parseProgress('not json')).toBeNull();
    expect(parseProgress('{"CurrentRow":"3"}')).toBeNull();
    expect(parseProgress(null)).toBeNull();
  });
});

describe('notation choices', () => {
  it('offer every notation of the contract, in its order', () => {
    expect(decimalOptions().map((o) => o.value)).toEqual([...IMPORT.DecimalFormat]);
    expect(booleanOptions().map((o) => o.value)).toEqual([...IMPORT.BooleanFormat]);
    expect(dateOptions().map((o) => o.value)).toEqual([...IMPORT.DateFormat]);
  });
  it('read as people write them', () => {
    expect(decimalOptions().map((o) => o.label)).toEqual(['Komma (1.234,56)', 'Punt (1,234.56)']);
    expect(booleanOptions().map((o) => o.label)).toEqual(['True / False', 'Yes / No', 'T / F', 'Y / N', '1 / 0']);
    expect(dateOptions().map((o) => o.label)).toEqual([
      'D/M/JJJJ (5/3/2025)',
      'D-M-JJJJ (5-3-2025)',
      'DD-MM-JJJJ (05-03-2025)',
      'M/D/JJJJ (3/5/2025)',
      'M-D-JJJJ (3-5-2025)',
      'MM/DD/JJJJ (03/05/2025)',
    ]);
  });
  it('start the Dutch way', () => {
    expect(DEFAULT_NOTATIONS).toEqual({ DecimalFormat: 'Comma', BooleanFormat: 'YesNo', DateFormat: 'DMYYYY_Dash' });
  });
});

describe('the file and Start', () => {
  it('takes spreadsheets only, up to the import limit', () => {
    expect(IMPORT_ACCEPT).toBe('.xlsx,.xls');
    expect(fileProblem({ name: 'relaties.xlsx', size: 1000 })).toBeNull();
    expect(fileProblem({ name: 'OUD.XLS', size: 1000 })).toBeNull();
    expect(fileProblem({ name: 'relaties.csv', size: 1000 })).toEqual({ kind: 'type' });
    expect(fileProblem({ name: 'relaties.xlsx.zip', size: 1000 })).toEqual({ kind: 'type' });
    expect(fileProblem({ name: 'groot.xlsx', size: 100 * 1024 * 1024 + 1 })).toEqual({
      kind: 'too_large',
      megabytes: 100,
    });
  });
  it('is enabled only after a file is chosen, for a destination, while nothing is sent', () => {
    const file = new File(['x'], 'relaties.xlsx');
    expect(canStart({ destination: 'relations', file: null, busy: false })).toBe(false);
    expect(canStart({ destination: 'relations', file, busy: false })).toBe(true);
    expect(canStart({ destination: '', file, busy: false })).toBe(false);
    expect(canStart({ destination: 'relations', file, busy: true })).toBe(false);
  });
});
