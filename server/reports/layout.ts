// A report's JSON layout mapped onto a pdfmake document definition, one to one: a block becomes a
// pdfmake node (a heading a text, fields a two-column table, a table block a table with a header
// row and its totals, a signature an image), the page and footer become the document's page size,
// margins and footer with page numbers. Pure: the data and the images are read before.
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces.js';
import {
  fieldOf,
  isNumericField,
  lineFields,
  type EffectiveField,
  type EffectiveTable,
  type Language,
  type ReportBlock,
  type ReportDef,
  type Translate,
} from '../../definitions/language/index.ts';
import type { ReportData, Row } from './data.ts';
import { shownValue, type Formats } from './format.ts';

export interface LayoutContext {
  t: Translate;
  language: Language;
  formats: Formats;
  /** "Page 1 of 2" in the content language. */
  pageText: (page: number, pages: number) => string;
  optionLabel: (field: EffectiveField, value: string) => string | undefined;
}

/** A block's rows as text: the label of each column and each row's shown values, with the totals. */
export interface TableText {
  labels: string[];
  widths: (number | '*' | 'auto')[];
  numeric: boolean[];
  rows: string[][];
  totals: (string | null)[] | null;
}

const label = (ctx: LayoutContext, field: EffectiveField, own?: string) => ctx.t(own ?? field.label ?? field.name);

const value = (ctx: LayoutContext, field: EffectiveField | undefined, row: Row) =>
  field ? shownValue(field, row, ctx.formats, ctx.language, ctx.optionLabel) : '';

/** The lines of an address: each line's fields joined by a space, empty lines left out. */
export function addressLines(table: EffectiveTable, row: Row, lines: string[], ctx: LayoutContext): string[] {
  return lines
    .map((line) =>
      lineFields(line)
        .map((name) => value(ctx, fieldOf(table, name), row))
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

/** A table block as texts (the PDF and the spreadsheet both print it); null where the user may not read its rows. */
export function tableText(block: ReportBlock, data: ReportData, index: number, ctx: LayoutContext): TableText | null {
  const found = data.rows.get(index);
  if (!found || !block.columns) return null;
  const table = found.model.table;
  // A column of a field hidden from the user is left out: flexData answered no such value.
  const columns = block.columns
    .map((c) => ({ column: c, field: fieldOf(table, c.field) }))
    .filter((c): c is { column: typeof c.column; field: EffectiveField } => !!c.field)
    .filter((c) => found.rows.length === 0 || found.rows.some((r) => c.field.name in r));
  const totals = block.totals?.length
    ? columns.map(({ field }) => {
        if (!block.totals?.some((n) => n.toLowerCase() === field.name.toLowerCase())) return null;
        const sum = found.rows.reduce((s, r) => s + (Number(r[field.name]) || 0), 0);
        return value(ctx, field, { [field.name]: sum });
      })
    : null;
  return {
    labels: columns.map(({ column, field }) => label(ctx, field, column.label)),
    widths: columns.map(({ column }, i) => column.width ?? (i === 0 ? '*' : 'auto')),
    numeric: columns.map(({ field }) => isNumericField(field) && !field.options),
    rows: found.rows.map((r) => columns.map(({ field }) => value(ctx, field, r))),
    totals,
  };
}

/** Label and value pairs of a fields, totals or signature block; a field the user may not see is left out. */
export function fieldPairs(
  table: EffectiveTable,
  fields: ReportBlock['fields'],
  record: Row,
  ctx: LayoutContext,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const f of fields ?? []) {
    const field = fieldOf(table, f.field);
    if (field && field.name in record) pairs.push([label(ctx, field, f.label), value(ctx, field, record)]);
  }
  return pairs;
}

const pairsTable = (pairs: [string, string][], right = false): Content => ({
  table: {
    widths: right ? ['*', 'auto', 'auto'] : ['auto', '*'],
    body: pairs.map(([l, v]) =>
      right ? ['', { text: l, bold: true }, { text: v, alignment: 'right' }] : [{ text: l, bold: true }, v],
    ),
  },
  layout: 'noBorders',
  margin: [0, 4, 0, 8],
});

function blockContent(
  report: ReportDef,
  table: EffectiveTable,
  block: ReportBlock,
  index: number,
  data: ReportData,
  ctx: LayoutContext,
): Content[] {
  switch (block.kind) {
    case 'heading':
      return [{ text: ctx.t(block.text ?? ''), style: 'heading' }];
    case 'text':
      return [{ text: ctx.t(block.text ?? ''), margin: [0, 4, 0, 8] }];
    case 'address': {
      const from = block.from ? data.related.get(block.from) : undefined;
      if (!from || !block.lines) return [];
      const lines = addressLines(from.model.table, from.row, block.lines, ctx);
      return [
        {
          stack: [...(block.label ? [{ text: ctx.t(block.label), bold: true }] : []), ...lines],
          margin: [0, 8, 0, 8],
        },
      ];
    }
    case 'fields': {
      const pairs = fieldPairs(table, block.fields, data.record, ctx);
      return pairs.length ? [pairsTable(pairs)] : [];
    }
    case 'totals': {
      const pairs = fieldPairs(table, block.fields, data.record, ctx);
      return pairs.length ? [pairsTable(pairs, true)] : [];
    }
    case 'table': {
      const text = tableText(block, data, index, ctx);
      if (!text || !text.labels.length) return [];
      const cell = (s: string, i: number, bold = false): TableCell => ({
        text: s,
        bold,
        alignment: text.numeric[i] ? 'right' : 'left',
      });
      const body: TableCell[][] = [
        text.labels.map((l, i) => cell(l, i, true)),
        ...text.rows.map((r) => r.map((s, i) => cell(s, i))),
        ...(text.totals ? [text.totals.map((s, i) => cell(s ?? '', i, true))] : []),
      ];
      return [
        {
          table: { headerRows: 1, widths: text.widths, body },
          layout: 'lightHorizontalLines',
          margin: [0, 6, 0, 10],
        },
      ];
    }
    case 'signature': {
      const image = block.field ? data.images.get(block.field) : undefined;
      const pairs = fieldPairs(table, block.fields, data.record, ctx);
      const field = block.field ? fieldOf(table, block.field) : undefined;
      return [
        {
          stack: [
            { text: ctx.t(block.label ?? field?.label ?? report.title), bold: true },
            image
              ? { image, fit: [200, 80] }
              : { canvas: [{ type: 'line', x1: 0, y1: 60, x2: 200, y2: 60, lineWidth: 0.5 }] },
            ...(pairs.length ? [pairsTable(pairs)] : []),
          ],
          margin: [0, 16, 0, 8],
          unbreakable: true,
        },
      ];
    }
  }
}

/** The content of one record's document (a selection's documents follow each other on new pages). */
export function reportContent(
  report: ReportDef,
  table: EffectiveTable,
  data: ReportData,
  ctx: LayoutContext,
): Content[] {
  const content: Content[] = [];
  const header = report.header;
  const sender = header ? data.related.get(header.from) : undefined;
  if (header && sender) {
    const logo = header.logo ? data.images.get(`${header.from}.${header.logo}`) : undefined;
    content.push({
      columns: [
        logo ? { image: logo, fit: [150, 60] } : { text: '' },
        { stack: addressLines(sender.model.table, sender.row, header.lines, ctx), alignment: 'right' },
      ],
      margin: [0, 0, 0, 16],
    });
  }
  report.blocks.forEach((block, i) => content.push(...blockContent(report, table, block, i, data, ctx)));
  return content;
}

const SIZES = { A4: 'A4', A5: 'A5', LETTER: 'LETTER' } as const;

/** The pdfmake document of one or more records' contents. */
export function reportDocument(report: ReportDef, contents: Content[][], ctx: LayoutContext): TDocumentDefinitions {
  const footerText = report.footer?.text ? ctx.t(report.footer.text) : '';
  const numbered = report.footer?.pageNumbers !== false;
  const margins = report.page?.margins ?? [40, 40, 40, 60];
  return {
    info: { title: ctx.t(report.title), creator: 'pdfmake' },
    pageSize: SIZES[report.page?.size ?? 'A4'],
    pageOrientation: report.page?.orientation ?? 'portrait',
    pageMargins: [margins[0], margins[1], margins[2], margins[3]],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: { heading: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] } },
    content: contents.flatMap((c, i): Content[] => (i === 0 ? c : [{ text: '', pageBreak: 'before' }, ...c])),
    footer: (page: number, pages: number) => ({
      columns: [
        { text: footerText, fontSize: 8 },
        { text: numbered ? ctx.pageText(page, pages) : '', alignment: 'right', fontSize: 8 },
      ],
      margin: [margins[0], 20, margins[2], 0],
    }),
  };
}
