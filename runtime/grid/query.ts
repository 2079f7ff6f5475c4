// URL query parameters the grid reads (spec 1 section 2): names starting with $ are reserved,
// $dataset selects the data source, other names set the quick filter of the column with that
// name, matched case-insensitively.
import type { DataSource, GridColumn } from './types.ts';

export interface GridQueryParams {
  dataSource?: DataSource;
  columnFilters: Record<string, string>;
  /** Parameters present at all (reserved ones included): a pinned filter is then not restored. */
  present: boolean;
}

const DATA_SOURCE_NAMES: Record<string, DataSource> = { active: 0, archive: 1, all: 2 };

function dataSourceOf(value: string): DataSource | undefined {
  const v = value.trim().toLowerCase();
  if (v === '0' || v === '1' || v === '2') return Number(v) as DataSource;
  return DATA_SOURCE_NAMES[v];
}

export function hasQueryParams(query: string | undefined): boolean {
  return [...new URLSearchParams(query ?? '').keys()].some((k) => k !== '');
}

/** Names that are neither reserved nor empty: they need the columns to be read. */
export function hasFilterParams(query: string | undefined): boolean {
  return [...new URLSearchParams(query ?? '').keys()].some((k) => k !== '' && !k.startsWith('$'));
}

export function parseGridQuery(query: string | undefined, columns: readonly GridColumn[]): GridQueryParams {
  const params = new URLSearchParams(query ?? '');
  const result: GridQueryParams = { columnFilters: {}, present: false };
  for (const [name, value] of params) {
    if (!name) continue;
    result.present = true;
    if (name.startsWith('$')) {
      if (name.toLowerCase() === '$dataset') {
        const source = dataSourceOf(value);
        if (source !== undefined) result.dataSource = source;
      }
      continue;
    }
    const column = columns.find((c) => c.FieldName.toLowerCase() === name.toLowerCase());
    if (column) result.columnFilters[column.FieldName] = value;
  }
  return result;
}
