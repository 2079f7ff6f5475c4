// Tables whose rows open a view of their own instead of the generic edit form, by table name.
// An import task is read-only and has its own detail (progress, result, files), so a row of the
// importtasks grid opens that, for every user who may read the grid.
import type { ComponentType } from 'react';
import { ImportTaskRow } from './ImportTaskRow.tsx';

export interface RowViewerProps {
  row: Record<string, unknown>;
  onClose: () => void;
  /** The row may have changed (reload the grid). */
  onChanged: () => void;
}

const VIEWERS: Record<string, ComponentType<RowViewerProps>> = {
  importtasks: ImportTaskRow,
};

export function rowViewerOf(table: string): ComponentType<RowViewerProps> | null {
  return VIEWERS[table.toLowerCase()] ?? null;
}
