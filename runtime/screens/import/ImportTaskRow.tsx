// A row of the importtasks grid opens its task detail (read by its AutoID, with live progress
// while it runs); the grid reloads when the import ends meanwhile.
import { ImportTaskModal } from './ImportTaskModal.tsx';
import type { RowViewerProps } from './rowViewers.ts';

export function ImportTaskRow({ row, onClose, onChanged }: RowViewerProps) {
  return <ImportTaskModal autoid={Number(row.AutoID)} onFinished={onChanged} onClose={onClose} />;
}
