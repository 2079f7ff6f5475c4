// The toolbar's Exporteren: a menu button with the two layouts of the spreadsheet, the grid as it
// shows (GridLayout) or as an import takes it back (ImportLayout, a column per field under its
// import label). The keyboard is the menu button's (runtime/ui/MenuButton.tsx).
import { useLingui } from '@lingui/react/macro';
import type { ExportLayout } from '../api/index.ts';
import { MenuButton } from '../ui/MenuButton.tsx';

export interface ExportMenuProps {
  onExport: (layout: ExportLayout) => void;
}

export function ExportMenu({ onExport }: ExportMenuProps) {
  const { t } = useLingui();
  return (
    <MenuButton
      label={t`Exporteren`}
      className="grid-export"
      buttonClassName="grid-button"
      menuClassName="grid-export-menu"
      items={[
        { key: 'grid', label: t`Exporteren zoals getoond`, onSelect: () => onExport('GridLayout') },
        { key: 'import', label: t`Exporteren voor import`, onSelect: () => onExport('ImportLayout') },
      ]}
    />
  );
}
