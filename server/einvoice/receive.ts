// Receiving an e-invoice: a UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0) becomes a row of
// the documents table (direction received, its XML kept) and then a record, with a row per invoice
// line, of the table whose `einvoiceReceive` mapping says which fields take which terms and how
// list fields find their rows. A document that cannot be read, whose totals do not add up, or
// whose required match finds nothing is refused with a message naming the rule or what was not
// found, and nothing of the record is written.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { Decimal } from 'decimal.js';
import {
  message,
  type EffectiveField,
  type EInvoiceMatchDef,
  type EInvoiceReceiveDef,
} from '../../definitions/language/index.ts';
import { readStored, readStoredWhere } from '../data/records.ts';
import { fileById, type FileStore } from '../files/index.ts';
import { writeIn } from '../data/write.ts';
import { AppError, refused } from '../errors.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import type { EInvoiceModel, Terms } from './model.ts';
import { readUbl, UblError } from './ubl-read.ts';

/** The largest document read (bytes): an invoice with thousands of lines stays well below. */
export const RECEIVE_MAX_BYTES = 5 * 1024 * 1024;

/** The state a received document is in when its record is made. */
export const RECEIVED = 'received';

/** The table made from received documents, its mapping, and the tables of its lines and documents. */
export interface Receiving {
  model: TableModel;
  mapping: EInvoiceReceiveDef;
  lines: TableModel;
  docs: TableModel;
  tableOf: (name: string) => TableModel | undefined;
}

export function receivingOf(snapshot: Snapshot, documentsTable?: string): Receiving | undefined {
  for (const table of snapshot.effective.tables.values()) {
    const mapping = table.einvoiceReceive;
    if (!mapping) continue;
    if (documentsTable && mapping.documents.table.toLowerCase() !== documentsTable.toLowerCase()) continue;
    const tableOf = (name: string) => snapshot.table(name);
    return {
      model: tableNamed(tableOf, table.name),
      mapping,
      lines: tableNamed(tableOf, mapping.lines.table),
      docs: tableNamed(tableOf, mapping.documents.table),
      tableOf,
    };
  }
  return undefined;
}

// The definitions check made sure every table and field a mapping names exists.
function tableNamed(tableOf: (name: string) => TableModel | undefined, name: string): TableModel {
  const model = tableOf(name);
  if (!model) throw new Error(`no table ${name}`);
  return model;
}
function fieldOf(model: TableModel, name: string): EffectiveField {
  const field = model.byName.get(name.toLowerCase());
  if (!field) throw new Error(`${model.table.name} has no field ${name}`);
  return field;
}
const nameOf = (model: TableModel, name: string) => fieldOf(model, name).name;

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

const sum = (values: (string | null | undefined)[]) => values.reduce((s, v) => s.plus(v || 0), new Decimal(0));

/**
 * The model of a received document: refused when it is no XML, no UBL Invoice or CreditNote of
 * Peppol BIS 3, or when its stated totals do not add up: BR-CO-10 (BT-106 the sum of the line net
 * amounts), BR-CO-13 (BT-109 = BT-106, no document allowances or charges are read), BR-CO-15
 * (BT-112 = BT-109 + BT-110).
 */
export function readReceived(xml: string, name: string): EInvoiceModel & { credit: boolean } {
  let model: ReturnType<typeof readUbl>;
  try {
    model = readUbl(xml);
  } catch (err) {
    if (!(err instanceof UblError)) throw err;
    if (err.refusal === 'not_xml') throw refused('einvoice.receive_not_xml', name);
    if (err.refusal === 'profile') throw refused('einvoice.receive_profile', name, err.detail);
    throw refused('einvoice.receive_not_ubl', name);
  }
  const t = model.terms;
  const broken: string[] = [];
  const differs = (stated: string | null | undefined, computed: Decimal) =>
    !stated || !new Decimal(stated).equals(computed);
  const lines = sum(model.lines.map((l) => l['BT-131']));
  if (differs(t['BT-106'], lines)) broken.push(`BR-CO-10 (BT-106 ${t['BT-106'] ?? '-'} ≠ ${lines.toFixed(2)})`);
  const without = new Decimal(t['BT-106'] || 0);
  if (differs(t['BT-109'], without)) broken.push(`BR-CO-13 (BT-109 ${t['BT-109'] ?? '-'} ≠ ${without.toFixed(2)})`);
  const withVat = new Decimal(t['BT-109'] || 0).plus(t['BT-110'] || 0);
  if (differs(t['BT-112'], withVat)) broken.push(`BR-CO-15 (BT-112 ${t['BT-112'] ?? '-'} ≠ ${withVat.toFixed(2)})`);
  if (broken.length) throw refused('einvoice.receive_totals', t['BT-1'] ?? name, broken.join('; '));
  return model;
}

/** The row a list field names by its match: the first `by` that finds one; null when none does. */
async function matchOne(
  client: pg.PoolClient,
  r: Receiving,
  principal: Principal,
  on: TableModel,
  m: EInvoiceMatchDef,
  terms: Terms,
  header: Record<string, unknown>,
  tried: string[],
): Promise<number | null> {
  const join = on.listJoins.find((j) => j.field.name.toLowerCase() === m.field.toLowerCase());
  const target = tableNamed(r.tableOf, join?.ref.name ?? m.field);
  for (const by of m.by) {
    const value = terms[by.term]?.trim();
    if (!value) continue;
    tried.push(`${by.term} ${value}`);
    const rows = by.row ? tableNamed(r.tableOf, by.row) : target;
    const where: [EffectiveField, unknown][] = [[fieldOf(rows, by.field), value]];
    for (const [mine, theirs] of Object.entries(by.same ?? {}))
      where.push([fieldOf(rows, mine), header[nameOf(r.model, theirs)]]);
    if (where.some(([, v]) => v === null || v === undefined)) continue;
    const [found] = await readStoredWhere(client, rows, principal, where);
    if (!found) continue;
    const id = by.row ? found[nameOf(rows, by.take ?? m.field)] : found.AutoID;
    if (id !== null && id !== undefined) return Number(id);
  }
  return null;
}

/** A row's values from the terms and matches of its mapping; a required match that finds nothing refuses. */
async function valuesOf(
  client: pg.PoolClient,
  r: Receiving,
  principal: Principal,
  on: TableModel,
  map: { terms: Record<string, string>; match?: EInvoiceMatchDef[] },
  terms: Terms,
  header: Record<string, unknown>,
  about: string,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [field, term] of Object.entries(map.terms)) values[nameOf(on, field)] = terms[term] ?? null;
  for (const m of map.match ?? []) {
    const tried: string[] = [];
    const id = await matchOne(client, r, principal, on, m, terms, on === r.model ? values : header, tried);
    const field = fieldOf(on, m.field);
    if (id === null && m.required)
      throw refused('einvoice.receive_no_match', about, field.label ?? field.name, tried.join(', ') || '-');
    values[field.name] = id;
  }
  return values;
}

/** The document row's fields `set` names: a term's value, or (once it is made) a field of the record. */
function setValues(r: Receiving, terms: Terms, record: Record<string, unknown> | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [to, from] of Object.entries(r.mapping.documents.set ?? {})) {
    if (from.startsWith('BT-')) values[nameOf(r.docs, to)] = terms[from] ?? null;
    else if (record) values[nameOf(r.docs, to)] = record[nameOf(r.model, from)] ?? null;
  }
  return values;
}

/**
 * Makes the record of a received document row (inside the caller's transaction) and marks the
 * document successful; answers the record's AutoID. Refuses (an AppError naming the rule, or the
 * write's own) without writing anything when the document cannot become a record.
 */
export async function makeFromDocument(
  client: pg.PoolClient,
  r: Receiving,
  principal: Principal,
  docId: number,
): Promise<number> {
  const d = r.mapping.documents;
  const doc = await readStored(client, r.docs, principal, docId, true);
  const label = String(doc[nameOf(r.docs, r.docs.table.displayFields?.[0] ?? d.hash)] || docId);
  const model = readReceived(String(doc[nameOf(r.docs, d.document)] ?? ''), label);
  const about = model.terms['BT-1'] ?? label;
  const ctx = { tableOf: r.tableOf, byDefinition: true };
  const header = await valuesOf(client, r, principal, r.model, r.mapping, model.terms, {}, about);
  const made = await writeIn(client, { model: r.model, principal, record: { ...header }, ctx });
  const parent = nameOf(r.lines, r.mapping.lines.parent);
  for (const line of model.lines) {
    // A credit note states what it credits as positive quantities.
    const terms =
      model.credit && line['BT-129'] ? { ...line, 'BT-129': new Decimal(line['BT-129']).neg().toString() } : line;
    const values = await valuesOf(client, r, principal, r.lines, r.mapping.lines, terms, header, about);
    await writeIn(client, { model: r.lines, principal, record: { ...values, [parent]: made.id }, ctx });
  }
  const record = await readStored(client, r.model, principal, made.id);
  await writeIn(client, {
    model: r.docs,
    principal,
    id: docId,
    record: {
      ...setValues(r, model.terms, record),
      [nameOf(r.docs, d.record)]: made.id,
      [nameOf(r.docs, d.state)]: 'success',
      [nameOf(r.docs, d.error)]: null,
    },
    ctx: { ...ctx, transition: { name: RECEIVED, field: nameOf(r.docs, d.state) } },
  });
  return made.id;
}

/** Marks a received document failed with the message of its refusal (in the base language). */
export async function failDocument(
  client: pg.PoolClient,
  r: Receiving,
  principal: Principal,
  docId: number,
  err: unknown,
): Promise<string> {
  const d = r.mapping.documents;
  const said = err instanceof Error ? err.message : String(err);
  await writeIn(client, {
    model: r.docs,
    principal,
    id: docId,
    record: { [nameOf(r.docs, d.state)]: 'failed', [nameOf(r.docs, d.error)]: said.slice(0, 2000) },
    ctx: { tableOf: r.tableOf, byDefinition: true, transition: { name: RECEIVED, field: nameOf(r.docs, d.state) } },
  });
  return said;
}

/** Refusals a document fails with (rather than errors of the server). */
export const isRefusal = (err: unknown) => err instanceof AppError && err.status < 500 && err.status !== 403;

/**
 * Makes the record of a document in its own transaction; a refusal leaves the document failed
 * with its message and nothing else written. Answers the record's AutoID, or the message.
 */
export async function processDocument(
  pool: pg.Pool,
  r: Receiving,
  principal: Principal,
  docId: number,
): Promise<{ made: number } | { failed: string }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SAVEPOINT receive');
    let result: { made: number } | { failed: string };
    try {
      result = { made: await makeFromDocument(client, r, principal, docId) };
    } catch (err) {
      if (!isRefusal(err)) throw err;
      await client.query('ROLLBACK TO SAVEPOINT receive');
      result = { failed: await failDocument(client, r, principal, docId, err) };
    }
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A received file: its name, the hash of its content, and the content when it is not too large to read. */
export interface ReceivedFile {
  name: string;
  hash: string;
  bytes?: Buffer;
}

/**
 * A received file becomes a document row (state new, direction received, its XML and hash kept;
 * a file of more than RECEIVE_MAX_BYTES is failed at once, its content not kept) in its own
 * transaction. Answers its AutoID, or null when a document of the same content was received before.
 */
export async function receiveFile(
  pool: pg.Pool,
  r: Receiving,
  principal: Principal,
  file: ReceivedFile,
): Promise<number | null> {
  const d = r.mapping.documents;
  const { name, hash } = file;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One process at a time takes a given content: a second one sees the first one's row.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [hash]);
    const seen = await readStoredWhere(client, r.docs, principal, [[fieldOf(r.docs, d.hash), hash]]);
    if (seen.length) {
      await client.query('ROLLBACK');
      return null;
    }
    const xml = file.bytes && file.bytes.length <= RECEIVE_MAX_BYTES ? file.bytes.toString('utf8') : null;
    const tooLarge = xml === null;
    let terms: Terms = {};
    try {
      if (xml) terms = readUbl(xml).terms;
    } catch {
      // Said when its record is made: the document fails there with the rule it breaks.
    }
    const display = r.docs.table.displayFields?.[0];
    const made = await writeIn(client, {
      model: r.docs,
      principal,
      record: {
        ...setValues(r, terms, null),
        ...(display && !terms['BT-1'] ? { [nameOf(r.docs, display)]: name.slice(0, 30) } : {}),
        [nameOf(r.docs, d.direction)]: RECEIVED,
        [nameOf(r.docs, d.hash)]: hash,
        [nameOf(r.docs, d.document)]: xml,
        [nameOf(r.docs, d.state)]: tooLarge ? 'failed' : 'new',
        [nameOf(r.docs, d.error)]: tooLarge
          ? message('einvoice.receive_too_large', name, RECEIVE_MAX_BYTES / 1024 / 1024)
          : null,
      },
      ctx: { tableOf: r.tableOf, byDefinition: true },
    });
    await client.query('COMMIT');
    return made.id;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The received documents waiting to be made into records (new: just received, or reset). */
export async function waitingDocuments(pool: pg.Pool, r: Receiving, principal: Principal): Promise<number[]> {
  const d = r.mapping.documents;
  const rows = await readStoredWhere(pool, r.docs, principal, [
    [fieldOf(r.docs, d.direction), RECEIVED],
    [fieldOf(r.docs, d.state), 'new'],
  ]);
  return rows.map((row) => Number(row.AutoID));
}

/**
 * A document a user uploaded into the documents' file field becomes a received one: its content
 * (at most RECEIVE_MAX_BYTES) is kept as its XML, with its hash. A document without one is refused.
 */
export async function takeUploaded(
  client: pg.PoolClient,
  r: Receiving,
  principal: Principal,
  docId: number,
  files: FileStore,
): Promise<void> {
  const d = r.mapping.documents;
  const doc = await readStored(client, r.docs, principal, docId, true);
  const display = nameOf(r.docs, r.docs.table.displayFields?.[0] ?? d.hash);
  const label = String(doc[display] || docId);
  const direction = doc[nameOf(r.docs, d.direction)];
  const file = d.file ? await fileById(client, doc[nameOf(r.docs, d.file)]) : null;
  if (direction === RECEIVED && doc[nameOf(r.docs, d.document)]) return;
  // A sent document (made from a record) is never read back as a received one.
  if (!file || doc[nameOf(r.docs, d.record)] || direction === RECEIVED)
    throw refused('einvoice.receive_no_file', label);
  if (file.size > RECEIVE_MAX_BYTES)
    throw refused('einvoice.receive_too_large', file.fileName, RECEIVE_MAX_BYTES / 1024 / 1024);
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(file.sha256)) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
  const xml = Buffer.concat(chunks).toString('utf8');
  let terms: Terms = {};
  try {
    terms = readUbl(xml).terms;
  } catch {
    // Refused when its record is made, with the rule it breaks.
  }
  await writeIn(client, {
    model: r.docs,
    principal,
    id: docId,
    record: {
      ...setValues(r, terms, null),
      ...(doc[display] || terms['BT-1'] ? {} : { [display]: file.fileName.slice(0, 30) }),
      [nameOf(r.docs, d.direction)]: RECEIVED,
      [nameOf(r.docs, d.hash)]: file.sha256,
      [nameOf(r.docs, d.document)]: xml,
    },
    ctx: { tableOf: r.tableOf, byDefinition: true },
  });
}
