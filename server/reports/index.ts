// Reports: report definitions rendered for a record or a selection, as PDF or spreadsheet.
export { readReportData, type ReadContext, type ReportData } from './data.ts';
export { formatsFor, shownValue, type Formats } from './format.ts';
export { reportContent, reportDocument, tableText, type LayoutContext } from './layout.ts';
export {
  EXTENSIONS,
  MEDIA_TYPES,
  isReportFormat,
  layoutContext,
  pdfBuffer,
  renderPdf,
  renderXls,
  reportFor,
} from './render.ts';
export { ZipWriter } from './zip.ts';
