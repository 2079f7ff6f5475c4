// Writes the import benchmark's spreadsheet (run as its own process, so the server's memory
// holds none of it): `node --import tsx tests/bench/import-file.ts <rows> <file>`.
import { writeFileSync } from 'node:fs';
import { bigSheet } from '../support/import-files.ts';

export const HEADER = [
  'Item code',
  'Description',
  'Description 2',
  'Reference',
  'Status',
  'Category',
  'Amount',
  'Quantity',
  'Date',
  'Due date',
  'Weight',
  'Priority',
];

export const row = (i: number) => [
  `IMP${String(i).padStart(7, '0')}`,
  `Artikel ${i}`,
  `Omschrijving ${i % 977}`,
  `REF-${i % 5000}`,
  ['open', 'closed'][i % 2],
  `C${String(1 + (i % 20)).padStart(2, '0')}`,
  (i % 10000) / 4,
  i % 500,
  new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
  `${1 + (i % 28)}-${1 + (i % 12)}-2027`,
  (i % 300) / 8,
  i % 5,
];

if (process.argv[1]?.endsWith('import-file.ts')) {
  const [rows, file] = [Number(process.argv[2]), process.argv[3]];
  writeFileSync(file, await bigSheet(HEADER, rows, row));
}
