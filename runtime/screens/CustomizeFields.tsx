// "Velden aanpassen" on a table's own screen: opens the field dictionary on that table's fields
// (for who may open the field dictionary), where a field is added or changed with the table
// already chosen. The dictionary's screen is the one the server marks as such.
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { leaveTo } from '../app/leaving.ts';
import { router } from '../app/router.ts';

/** The field dictionary's screen, if the user may open it. */
export function useFieldDictionary(): ScreenInfo | undefined {
  const { routes } = useSnapshot(router);
  return (routes as ScreenInfo[]).find((r) => r.fieldDictionary);
}

export function CustomizeFieldsButton({ table }: { table: string }) {
  const { t } = useLingui();
  const dictionary = useFieldDictionary();
  if (!dictionary?.fieldDictionary || dictionary.table === table) return null;
  const field = dictionary.fieldDictionary.tableField;
  return (
    <button type="button" className="app-button" onClick={() => void leaveTo(dictionary.name, { [field]: table })}>
      {t`Velden aanpassen`}
    </button>
  );
}
