// An export is named as its user knows the screen: its label in their language, safe as a file name.
import { describe, expect, it } from 'vitest';
import { fileTitle } from '../../server/api/downloads.ts';

describe('the name of an export file', () => {
  it("is the screen's label, without what a file system refuses, else the table's name", () => {
    expect(fileTitle('Relaties', 'relations')).toBe('Relaties');
    expect(fileTitle('Cost centres', 'costcodes')).toBe('Cost centres');
    expect(fileTitle('In/uit: "magazijn"?', 'stock')).toBe('In uit magazijn');
    expect(fileTitle('Étiquettes à imprimer', 'labels')).toBe('Étiquettes à imprimer');
    expect(fileTitle('\u0000/\\', 'stock')).toBe('stock');
  });
});
