// Every text of the runtime is in the catalogs: Dutch is the source, English is complete.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const catalog = (locale: string) => {
  const text = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'locales', locale, 'messages.po'), 'utf8');
  return [...text.matchAll(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")/g)]
    .map(([, id, str]) => [JSON.parse(id), JSON.parse(str)] as const)
    .filter(([id]) => id !== '');
};

describe('catalogs', () => {
  it('translate every message into English', () => {
    const missing = catalog('en')
      .filter(([, str]) => !str)
      .map(([id]) => id);
    expect(missing).toEqual([]);
  });
  it('carry the spec message keys with their Dutch text', () => {
    const nl = new Map(catalog('nl'));
    expect(nl.get('errors.error_retrieving')).toBe('Fout bij het ophalen van de gegevens.');
    expect(nl.get('errors.error_saving')).toBe('Fout bij het opslaan van de gegevens.');
    // The Dutch UI says it in Dutch; the spec's 'No results' is its English text.
    expect(nl.get('grid.no_results')).toBe('Geen resultaten');
    expect(nl.get('grid.maintenanceview.layout_saved')).toBe('De weergave is opgeslagen.');
    expect(nl.get('grid.maintenanceview.errors.creating_layout')).toBe('Fout bij het aanmaken van de weergave.');
  });
  it('hold the same messages in every language', () => {
    const ids = catalog('nl')
      .map(([id]) => id)
      .sort();
    for (const locale of ['en', 'da', 'de', 'es', 'fr', 'pl', 'tr', 'zh'])
      expect(
        catalog(locale)
          .map(([id]) => id)
          .sort(),
        locale,
      ).toEqual(ids);
  });
});
