// An `einvoice` mapping is checked when definitions load: every term names a field or a path of
// list fields, a main-row source a table under the row it names with a bool `where`, the lines and
// documents tables their list fields, and the documents' send a transition of their workflow.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../definitions/language/canonical.ts';
import { loadPacks } from '../../server/metadata/packs.ts';
import { compose, DefinitionsInvalid } from '../../server/metadata/registry.ts';
import { siteLayer } from '../../server/metadata/site-layer.ts';

const PACKS = path.resolve(import.meta.dirname, '..', 'packs');

/** The problems of the test packs with the invoice table's mapping changed by `change`. */
function problems(change: (mapping: Record<string, any>) => void): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-mapping-'));
  for (const pack of ['testbase', 'testeinvoice'])
    cpSync(path.join(PACKS, pack), path.join(dir, pack), { recursive: true });
  const file = path.join(dir, 'testeinvoice', 'tables', 'sinvoices.json');
  const table = JSON.parse(readFileSync(file, 'utf8'));
  change(table.einvoice);
  writeFileSync(file, canonicalText('table', table));
  const packs = loadPacks(dir, ['testbase', 'testeinvoice']);
  if (packs.problems.length) return packs.problems.map((p) => `${p.pointer} ${p.message}`);
  try {
    compose(packs.layers, siteLayer([]));
    return [];
  } catch (err) {
    if (err instanceof DefinitionsInvalid) return err.problems.map((p) => `${p.pointer} ${p.message}`);
    throw err;
  }
}

describe('an einvoice mapping', () => {
  it('loads as the test pack has it', () => {
    expect(problems(() => undefined)).toEqual([]);
  });

  it('names a term whose field or path does not exist', () => {
    expect(
      problems((m) => {
        m.terms['BT-27'] = 'Seller.Nope';
        m.lines.terms['BT-129'] = 'Qty';
      }),
    ).toEqual([
      '/einvoice/terms/BT-27 einvoice BT-27 names Seller.Nope, which is no field or path of sinvoices',
      '/einvoice/lines/terms/BT-129 einvoice BT-129 names Qty, which is no field or path of sinvoicelines',
    ]);
  });

  it('names a main-row source whose where is no bool or whose field does not exist', () => {
    expect(
      problems((m) => {
        m.terms['BT-55'] = { row: 'partyaddresses', via: 'Buyer', where: 'Street', field: 'Country.X' };
      }),
    ).toEqual([
      '/einvoice/terms/BT-55/where einvoice BT-55: Street must be a bool field of partyaddresses',
      '/einvoice/terms/BT-55/field einvoice BT-55: Country.X is no field or path of partyaddresses',
    ]);
  });

  it('names a send that is no transition and a documents field that does not exist', () => {
    expect(
      problems((m) => {
        m.documents.send = 'post';
        m.documents.set.Nope = 'ID';
      }),
    ).toEqual([
      '/einvoice/documents/send einvoice documents send: post is no transition of the workflow of edocs.State',
      '/einvoice/documents/set/Nope einvoice documents set: Nope is no field of edocs',
    ]);
  });

  it('refuses an unknown business term by its schema', () => {
    expect(problems((m) => (m.terms['BT-999'] = 'ID')).join('\n')).toMatch(/einvoice\/terms/);
  });
});
