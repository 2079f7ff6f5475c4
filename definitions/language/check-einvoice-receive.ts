// The receiving side of e-invoices (`einvoiceReceive` of a table) names fields that exist: the
// record's and its lines' fields filled from terms, list fields matched on rows that have the named
// fields, and a documents table with the fields that keep a received document.
import type { Effective, EffectiveTable } from './layering.ts';
import type { EInvoiceMatchDef } from './types.ts';
import type { DefinitionProblem } from './validate.ts';

type Report = (pointer: string, rule: string, message: string) => void;

const fieldOf = (table: EffectiveTable | undefined, name: string) =>
  table?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** The table a list field of `table` references. */
function referenced(eff: Effective, table: EffectiveTable | undefined, name: string): EffectiveTable | undefined {
  const field = fieldOf(table, name);
  const list = field?.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  return list ? eff.tables.get(list.table.toLowerCase()) : undefined;
}

function checkMatches(
  eff: Effective,
  on: EffectiveTable,
  header: EffectiveTable,
  matches: EInvoiceMatchDef[] | undefined,
  at: string,
  report: Report,
): void {
  (matches ?? []).forEach((m, i) => {
    const target = referenced(eff, on, m.field);
    if (!target) {
      report(`${at}/${i}/field`, 'field-reference', `einvoiceReceive match: ${m.field} is no list field of ${on.name}`);
      return;
    }
    m.by.forEach((by, j) => {
      const rows = by.row ? eff.tables.get(by.row.toLowerCase()) : target;
      const where = `${at}/${i}/by/${j}`;
      if (!rows) return report(`${where}/row`, 'table-reference', `einvoiceReceive match: ${by.row} is no table`);
      if (!fieldOf(rows, by.field))
        report(`${where}/field`, 'field-reference', `einvoiceReceive match: ${by.field} is no field of ${rows.name}`);
      if (by.row && (!by.take || referenced(eff, rows, by.take) !== target))
        report(
          `${where}/take`,
          'field-reference',
          `einvoiceReceive match: take must be a list field of ${rows.name} to ${target.name}`,
        );
      for (const [mine, theirs] of Object.entries(by.same ?? {}))
        if (!fieldOf(rows, mine) || !fieldOf(header, theirs))
          report(
            `${where}/same/${mine}`,
            'field-reference',
            `einvoiceReceive match same: ${mine} must be a field of ${rows.name} and ${theirs} of ${header.name}`,
          );
    });
  });
}

export function checkEInvoiceReceive(eff: Effective, table: EffectiveTable, report: Report): void {
  const r = table.einvoiceReceive;
  if (!r) return;
  const fields = (on: EffectiveTable, names: string[], at: string) => {
    for (const name of names)
      if (!fieldOf(on, name))
        report(`${at}/${name}`, 'field-reference', `einvoiceReceive: ${name} is no field of ${on.name}`);
  };
  fields(table, Object.keys(r.terms), '/einvoiceReceive/terms');
  checkMatches(eff, table, table, r.match, '/einvoiceReceive/match', report);
  const lines = eff.tables.get(r.lines.table.toLowerCase());
  if (!lines)
    report(
      '/einvoiceReceive/lines/table',
      'table-reference',
      `einvoiceReceive lines table ${r.lines.table} is not defined`,
    );
  else {
    if (referenced(eff, lines, r.lines.parent) !== table)
      report(
        '/einvoiceReceive/lines/parent',
        'field-reference',
        `einvoiceReceive lines: ${r.lines.parent} must be a list field of ${lines.name} to ${table.name}`,
      );
    fields(lines, Object.keys(r.lines.terms), '/einvoiceReceive/lines/terms');
    checkMatches(eff, lines, table, r.lines.match, '/einvoiceReceive/lines/match', report);
  }
  const d = r.documents;
  const docs = eff.tables.get(d.table.toLowerCase());
  if (!docs) {
    report(
      '/einvoiceReceive/documents/table',
      'table-reference',
      `einvoiceReceive documents table ${d.table} is not defined`,
    );
    return;
  }
  if (referenced(eff, docs, d.record) !== table)
    report(
      '/einvoiceReceive/documents/record',
      'field-reference',
      `einvoiceReceive documents: ${d.record} must be a list field of ${docs.name} to ${table.name}`,
    );
  const typed: [string, string | undefined, string[]][] = [
    ['document', d.document, ['textarea']],
    ['state', d.state, ['select']],
    ['error', d.error, ['textarea', 'text']],
    ['direction', d.direction, ['select']],
    ['hash', d.hash, ['text']],
    ['file', d.file, ['file']],
  ];
  for (const [key, name, types] of typed) {
    if (name === undefined) continue;
    const field = fieldOf(docs, name);
    if (!field || !types.includes(field.type))
      report(
        `/einvoiceReceive/documents/${key}`,
        'field-reference',
        `einvoiceReceive documents ${key}: ${name} must be a ${types.join(' or ')} field of ${docs.name}`,
      );
  }
  for (const [to, from] of Object.entries(d.set ?? {}))
    if (!fieldOf(docs, to) || (!from.startsWith('BT-') && !fieldOf(table, from)))
      report(
        `/einvoiceReceive/documents/set/${to}`,
        'field-reference',
        `einvoiceReceive documents set: ${to} must be a field of ${docs.name} and ${from} a term or a field of ${table.name}`,
      );
}

/** The problems of every table's receiving side. */
export function einvoiceReceiveProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const table of eff.tables.values()) {
    const file = table.origin.name?.file ?? '(unknown)';
    checkEInvoiceReceive(eff, table, (pointer, rule, message) => problems.push({ file, pointer, rule, message }));
  }
  return problems;
}
