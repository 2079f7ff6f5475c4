// "Importeren" in a page's edit menu, offered when the page's table is one the user may import
// into (GetDestinations, asked once per user). The dialog is drawn outside the toolbar, whose
// styles are not its own.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { ImportTask } from '../../api/index.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { useDestinations } from './useDestinations.ts';

export interface ImportButtonProps {
  table: string;
  /** An import into the table ended while its dialog was open: reload the grid. */
  onImported?: (task: ImportTask) => void;
}

export function ImportButton({ table, onImported }: ImportButtonProps) {
  const { t } = useLingui();
  const destinations = useDestinations();
  const [open, setOpen] = useState(false);
  if (!destinations?.some((d) => d.ID.toLowerCase() === table.toLowerCase())) return null;
  return (
    <>
      <button
        type="button"
        className="app-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >{t`Importeren`}</button>
      {open &&
        createPortal(
          <ImportDialog
            table={table}
            destinations={destinations}
            onFinished={onImported}
            onClose={() => setOpen(false)}
          />,
          document.body,
        )}
    </>
  );
}
