// The licence of an installation (spec 1 §2–§9, spec 3 §6/§9): the modules a licence switches
// on, the product code's segments, and the paste rules of the licence page. Pure functions,
// shared by the server and the runtime.

/** The licence modules of spec 3 §6, by the code a definition names them with, and their Dutch name. */
export const MODULES = {
  relations: 'Relatiebeheer (CRM)',
  workflow: 'Workflowvarianten',
  overhaul: 'Revisieorders',
  objects: 'Objecten en locaties',
  projects: 'Projecten',
  orders: 'Orders',
  invoice: 'Facturatie',
  hours: 'Urenregistratie',
  articles: 'Artikelvarianten',
  accesssecurity: 'Toegangsbeveiliging',
  import: 'Import',
  languages: 'Meertaligheid',
  competence: 'Competenties',
  numbering: 'Automatische nummering',
} as const;

export type ModuleCode = keyof typeof MODULES;
export const MODULE_CODES = Object.keys(MODULES) as ModuleCode[];
export const isModule = (code: unknown): code is ModuleCode => typeof code === 'string' && Object.hasOwn(MODULES, code);

/** Spec 1 §9 / spec 3 §9: segments of at most 10, 6, 10 and 7; a product code of 32 or 33 characters. */
export const LICENCE_SEGMENTS = [10, 6, 10, 7] as const;
export const PRODUCT_CODE_LENGTHS = [32, 33] as const;
/** Copy is offered above this many characters of product code. */
export const COPY_ABOVE = 31;

/** The four segments of a product code: 10/5/10/7 for 32 characters, else 10/6/10/7. */
export function splitProductCode(code: string): [string, string, string, string] {
  const plain = code.replace(/-/g, '');
  const lengths = plain.length === 32 ? [10, 5, 10, 7] : [10, 6, 10, 7];
  const out: string[] = [];
  let at = 0;
  for (const n of lengths) {
    out.push(plain.slice(at, at + n));
    at += n;
  }
  return out as [string, string, string, string];
}

/** The segments joined with dashes, as a licence is saved (spec 1 §3). */
export const joinProductCode = (segments: readonly string[]) => segments.map((s) => s.trim()).join('-');

/** Whether the product code (its segments together) is long enough to be copied. */
export const canCopy = (segments: readonly string[]) => segments.join('').length > COPY_ABOVE;

export interface PastedLicence {
  licenseName?: string;
  productCode: string;
  activationCode?: string;
}

/** Dashes as people paste them: hyphen-minus and the Unicode dashes that word processors put in. */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

/**
 * Reads pasted licence text (spec 1 §5): three or four lines "label: value" (name, product code
 * with its dashes removed, activation code), or a single line with exactly three dashes, read as
 * a product code. Anything else answers null (the page then says 'license_cannot_read').
 */
export function readPastedLicence(text: string): PastedLicence | null {
  if (typeof text !== 'string' || text.length > 10_000) return null;
  const lines = text
    .replace(DASHES, '-')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 1) {
    const line = lines[0];
    if ((line.match(/-/g) ?? []).length !== 3 || line.includes(':')) return null;
    const segments = line.split('-').map((s) => s.trim());
    if (segments.some((s, i) => s === '' || s.length > LICENCE_SEGMENTS[i])) return null;
    return { productCode: segments.join('') };
  }
  if (lines.length !== 3 && lines.length !== 4) return null;
  const values: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    values.push(line.slice(colon + 1).trim());
  }
  const [licenseName, code, activationCode] = values;
  const productCode = code.replace(/-/g, '');
  if (!licenseName || !activationCode || !PRODUCT_CODE_LENGTHS.includes(productCode.length as 32 | 33)) return null;
  return { licenseName, productCode, activationCode };
}
