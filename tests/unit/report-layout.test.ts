// A report's JSON layout mapped onto a pdfmake document (server/reports/layout.ts): each block to
// its node, values formatted in the content language, hidden columns left out, totals added up,
// page numbers in the footer; and the report checks of the definitions language.
import { describe, expect, it } from 'vitest';
import {
  layer,
  type Effective,
  type EffectiveTable,
  type Layer,
  type ReportDef,
} from '../../definitions/language/index.ts';
import { reportProblems } from '../../definitions/language/report.ts';
import type { ReportData } from '../../server/reports/data.ts';
import { formatsFor } from '../../server/reports/format.ts';
import { reportContent, reportDocument, tableText, type LayoutContext } from '../../server/reports/layout.ts';
import { compileTable, type TableModel } from '../../server/metadata/model.ts';

const base: Layer = {
  name: 'test',
  tables: [
    {
      value: {
        name: 'bills',
        label: 'Rekeningen',
        fields: [
          { name: 'Number', label: 'Nummer', type: 'text', maxLength: 20 },
          { name: 'BillDate', label: 'Datum', type: 'date' },
          { name: 'Payer', label: 'Betaler', type: 'list', list: 'payers' },
          { name: 'Total', label: 'Totaal', type: 'decimal', integers: 10, decimals: 2 },
          { name: 'Paid', label: 'Betaald', type: 'bool' },
        ],
      },
      origin: { layer: 'test', file: 'tables/bills.json' },
    },
    {
      value: {
        name: 'payers',
        label: 'Betalers',
        fields: [
          { name: 'Descr', label: 'Naam', type: 'text', maxLength: 50 },
          { name: 'City', label: 'Plaats', type: 'text', maxLength: 50 },
        ],
      },
      origin: { layer: 'test', file: 'tables/payers.json' },
    },
    {
      value: {
        name: 'billlines',
        label: 'Regels',
        fields: [
          { name: 'Bill', label: 'Rekening', type: 'list', list: 'bills', fixed: true },
          { name: 'Descr', label: 'Omschrijving', type: 'text', maxLength: 50 },
          { name: 'Amount', label: 'Bedrag', type: 'decimal', integers: 10, decimals: 2 },
          { name: 'Secret', label: 'Geheim', type: 'text', maxLength: 50 },
        ],
      },
      origin: { layer: 'test', file: 'tables/billlines.json' },
    },
  ],
  forms: [],
  grids: [],
  screens: [],
  lists: [
    {
      value: { name: 'payers', table: 'payers', textField: 'Descr' },
      origin: { layer: 'test', file: 'lists/payers.json' },
    },
    {
      value: { name: 'bills', table: 'bills', textField: 'Number' },
      origin: { layer: 'test', file: 'lists/bills.json' },
    },
  ],
  rights: [],
  seeds: [],
  locales: [],
  workflows: [],
  reports: [],
};

const report: ReportDef = {
  name: 'bill',
  table: 'bills',
  documentKind: 'invoice',
  title: 'Rekening',
  header: { from: 'Payer', lines: ['Descr', 'City'] },
  blocks: [
    { kind: 'heading', text: 'Rekening' },
    { kind: 'fields', fields: [{ field: 'Number' }, { field: 'BillDate' }, { field: 'Paid', label: 'Voldaan' }] },
    {
      kind: 'table',
      table: 'billlines',
      parentField: 'Bill',
      columns: [{ field: 'Descr' }, { field: 'Amount' }, { field: 'Secret' }],
      totals: ['Amount'],
    },
    { kind: 'totals', fields: [{ field: 'Total' }] },
  ],
  footer: { text: 'Dank u', pageNumbers: true },
};

const eff: Effective = layer([base]);
const table = (name: string): EffectiveTable => {
  const t = eff.tables.get(name);
  if (!t) throw new Error(`no table ${name}`);
  return t;
};
const model = (name: string): TableModel => compileTable(eff, table(name));

function context(language: 'nl' | 'en'): LayoutContext {
  const english: Record<string, string> = { Rekening: 'Bill', Nummer: 'Number', Voldaan: 'Settled', Bedrag: 'Amount' };
  return {
    t: (text) => (language === 'en' ? (english[text] ?? text) : text),
    language,
    formats: formatsFor(language),
    pageText: (page, pages) => (language === 'en' ? `Page ${page} of ${pages}` : `Pagina ${page} van ${pages}`),
    optionLabel: () => undefined,
  };
}

// The lines as a user sees them: their Secret field hidden from them (flexData answered none).
const data: ReportData = {
  record: { AutoID: 1, Number: 'R-7', BillDate: '2026-11-30', Payer: 3, Total: '1234.5', Paid: true },
  related: new Map([['Payer', { model: model('payers'), row: { AutoID: 3, Descr: 'De Vries', City: 'Groningen' } }]]),
  rows: new Map([
    [
      2,
      {
        model: model('billlines'),
        rows: [
          { AutoID: 10, Bill: 1, Descr: 'Hek', Amount: '1000' },
          { AutoID: 11, Bill: 1, Descr: 'Voet', Amount: '234.5' },
        ],
      },
    ],
  ]),
  images: new Map(),
};

describe('a report layout as a pdfmake document', () => {
  it('maps the header, heading, fields, table and totals onto nodes, values in Dutch', () => {
    const content = reportContent(report, table('bills'), data, context('nl'));
    const text = JSON.stringify(content);
    expect(content[0]).toMatchObject({
      columns: [{ text: '' }, { stack: ['De Vries', 'Groningen'], alignment: 'right' }],
    });
    expect(content[1]).toEqual({ text: 'Rekening', style: 'heading' });
    expect(text).toContain('"R-7"');
    expect(text).toContain('"30-11-2026"');
    expect(text).toContain('"Voldaan"');
    expect(text).toContain('"Ja"');
    expect(text).toContain('"1.234,50"');
  });

  it('prints a table without the column the user may not see, with its total, numbers right-aligned', () => {
    const block = report.blocks[2];
    const shown = tableText(block, data, 2, context('nl'));
    expect(shown).toEqual({
      labels: ['Omschrijving', 'Bedrag'],
      widths: ['*', 'auto'],
      numeric: [false, true],
      rows: [
        ['Hek', '1.000,00'],
        ['Voet', '234,50'],
      ],
      totals: [null, '1.234,50'],
    });
  });

  it('formats and labels in English', () => {
    const ctx = context('en');
    const text = JSON.stringify(reportContent(report, table('bills'), data, ctx));
    expect(text).toContain('"Bill"');
    expect(text).toContain('"30/11/2026"');
    expect(text).toContain('"1,234.50"');
    expect(text).toContain('"Settled"');
    expect(text).toContain('"Yes"');
  });

  it('sets the page and numbers the pages in the footer; a selection starts each record on a new page', () => {
    const ctx = context('en');
    const one = reportContent(report, table('bills'), data, ctx);
    const doc = reportDocument(report, [one, one], ctx);
    expect(doc).toMatchObject({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 60] });
    expect(Array.isArray(doc.content) && doc.content[one.length]).toEqual({ text: '', pageBreak: 'before' });
    const footer =
      typeof doc.footer === 'function' ? doc.footer(2, 3, { width: 595, height: 842, orientation: 'portrait' }) : null;
    expect(JSON.stringify(footer)).toContain('Page 2 of 3');
    expect(JSON.stringify(footer)).toContain('Dank u');
  });
});

describe('the checks of a report definition', () => {
  const check = (r: ReportDef) =>
    reportProblems(layer([{ ...base, reports: [{ value: r, origin: { layer: 'test', file: 'reports/bill.json' } }] }]));

  it('accepts the report above', () => {
    expect(check(report)).toEqual([]);
  });

  it('names the file, pointer and rule of a field that is not there, a from that is no list, a child table of another record', () => {
    const problems = check({
      ...report,
      header: { from: 'Number', lines: ['Descr'] },
      blocks: [
        { kind: 'fields', fields: [{ field: 'Nope' }] },
        { kind: 'table', table: 'billlines', parentField: 'Descr', columns: [{ field: 'Descr' }] },
        { kind: 'totals', fields: [{ field: 'Number' }] },
      ],
    });
    expect(problems.map((p) => [p.file, p.pointer, p.rule])).toEqual([
      ['reports/bill.json', '/header/from', 'field-reference'],
      ['reports/bill.json', '/blocks/0/fields/0/field', 'field-reference'],
      ['reports/bill.json', '/blocks/1/parentField', 'field-reference'],
      ['reports/bill.json', '/blocks/2/fields/0/field', 'field-reference'],
    ]);
  });
});
