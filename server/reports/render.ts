// Reports rendered: PDF with pdfmake (a declarative document definition that a JSON layout maps
// onto one to one, pure JavaScript, its fonts embedded in every file) and XLS with the server's
// streaming spreadsheet writer. Every value comes through the access layer as the user who asks.
import path from 'node:path';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  REPORT_FORMATS,
  reportLanguages,
  type EffectiveField,
  type Language,
  type ReportDef,
  type ReportFormat,
  type Translate,
} from '../../definitions/language/index.ts';
import { AppError, notFound } from '../errors.ts';
import { messageIn, translatorFor } from '../texts.ts';
import { xlsxBuffer } from '../imports/index.ts';
import type { TableModel } from '../metadata/model.ts';
import { readReportData, type ReadContext, type ReportData } from './data.ts';
import { formatsFor } from './format.ts';
import { addressLines, fieldPairs, reportContent, reportDocument, tableText, type LayoutContext } from './layout.ts';

const FONTS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONTS, 'Roboto-Regular.ttf'),
    bold: path.join(FONTS, 'Roboto-Medium.ttf'),
    italics: path.join(FONTS, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONTS, 'Roboto-MediumItalic.ttf'),
  },
});
// A document reads nothing from the network, and from the disk only its fonts: images come as data.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONTS + path.sep));

export const MEDIA_TYPES: Record<ReportFormat, string> = {
  PDF: 'application/pdf',
  XLS: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const EXTENSIONS: Record<ReportFormat, string> = { PDF: 'pdf', XLS: 'xlsx' };
export const isReportFormat = (v: unknown): v is ReportFormat => REPORT_FORMATS.some((f) => f === v);

/** A choice's or a workflow state's label in the content language. */
function optionLabelFor(models: TableModel[], t: Translate) {
  return (field: EffectiveField, value: string): string | undefined => {
    const option = field.options?.find((o) => String(o.value) === value);
    if (option) return t(option.label);
    const model = models.find((m) => m.workflow?.field === field);
    const state = model?.workflow?.def.states.find((s) => String(s.value) === value);
    return state ? t(state.label) : undefined;
  };
}

export function layoutContext(ctx: ReadContext, language: Language, models: TableModel[]): LayoutContext {
  const t = translatorFor(ctx.snapshot.effective, language);
  return {
    t,
    language,
    formats: formatsFor(language),
    pageText: (page, pages) => messageIn(language, 'reports.page', page, pages),
    optionLabel: optionLabelFor(models, t),
  };
}

/** The report named, offered for `table` in `language`, or a 404 / 400 saying why not. */
export function reportFor(ctx: ReadContext, name: string, table: string, language: Language): ReportDef {
  const report = ctx.snapshot.effective.reports.get(name.toLowerCase())?.value;
  if (!report || report.table.toLowerCase() !== table.toLowerCase()) throw notFound();
  if (!reportLanguages(report).includes(language))
    throw new AppError('BAD_REQUEST', [report.name, table, language], {}, {}, 'reports.not_offered');
  return report;
}

export const pdfBuffer = (doc: TDocumentDefinitions): Promise<Buffer> => pdfmake.createPdf(doc).getBuffer();

/** The models a report's values are labelled by: the record's and its tables'. */
const modelsOf = (model: TableModel, data: ReportData) => [
  model,
  ...[...data.related.values()].map((r) => r.model),
  ...[...data.rows.values()].map((r) => r.model),
];

/**
 * One PDF of the records, each starting on a new page, read as `ctx.principal`. `skipUnseen`: a
 * record of a selection the user cannot see (any more) is left out rather than failing the rest.
 */
export async function renderPdf(
  ctx: ReadContext,
  report: ReportDef,
  ids: number[],
  language: Language,
  skipUnseen = false,
) {
  const model = ctx.snapshot.table(report.table);
  if (!model) throw notFound();
  const contents: Content[][] = [];
  let layout: LayoutContext | undefined;
  for (const id of ids) {
    let data: ReportData;
    try {
      data = await readReportData({ ...ctx, t: translatorFor(ctx.snapshot.effective, language) }, report, id);
    } catch (err) {
      if (skipUnseen && err instanceof AppError && err.code === 'ITEM_NOT_FOUND') continue;
      throw err;
    }
    layout ??= layoutContext(ctx, language, modelsOf(model, data));
    contents.push(reportContent(report, model.table, data, layout));
  }
  return pdfBuffer(reportDocument(report, contents, layout ?? layoutContext(ctx, language, [model])));
}

/** The spreadsheet of one record: its fields on one sheet, each table block's rows on a sheet of its own. */
export async function renderXls(ctx: ReadContext, report: ReportDef, id: number, language: Language) {
  const model = ctx.snapshot.table(report.table);
  if (!model) throw notFound();
  const data = await readReportData({ ...ctx, t: translatorFor(ctx.snapshot.effective, language) }, report, id);
  const layout = layoutContext(ctx, language, modelsOf(model, data));
  const sheetName = (text: string, i: number) =>
    `${i + 1} ${text}`
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim();
  return xlsxBuffer((book) => {
    const main = book.sheet(sheetName(layout.t(report.title), 0));
    const sender = report.header ? data.related.get(report.header.from) : undefined;
    if (report.header && sender)
      for (const line of addressLines(sender.model.table, sender.row, report.header.lines, layout)) main.row([line]);
    report.blocks.forEach((block, i) => {
      if (block.kind === 'heading' || block.kind === 'text') main.row([layout.t(block.text ?? '')]);
      if (block.kind === 'address' && block.from && block.lines) {
        const from = data.related.get(block.from);
        if (from) for (const line of addressLines(from.model.table, from.row, block.lines, layout)) main.row([line]);
      }
      if (block.kind === 'fields' || block.kind === 'totals' || block.kind === 'signature')
        for (const pair of fieldPairs(model.table, block.fields, data.record, layout)) main.row(pair);
      if (block.kind === 'table') {
        const text = tableText(block, data, i, layout);
        if (!text) return;
        main.row([]);
        main.row(text.labels, { bold: true });
        for (const row of text.rows) main.row(row);
        if (text.totals) main.row(text.totals, { bold: true });
      }
    });
  });
}
