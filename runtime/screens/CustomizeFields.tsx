// "Velden aanpassen" on a table's own screen: opens the field dictionary on that table's fields
// (for who may open the field dictionary), where a field is added or changed with the table
// already chosen, beside a list of all the table's fields and where each comes from. The
// dictionary's screen is the one the server marks as such.
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { leaveTo, router } from '../ui/navigation/index.ts';
import { retrievingFailed } from './failures.ts';
import { useTableFields } from './useTableFields.ts';

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

const SITE_LAYER = 'site';

/**
 * The table's fields beside the field dictionary's rows about it: every field with the pack that
 * defines it, or this installation, and whether its label was changed here.
 */
export function TableFieldsPanel({ table, version }: { table: string; version: number }) {
  const { t } = useLingui();
  const { fields, failed } = useTableFields(table, version);
  const origin = (layer: string | null) =>
    layer === SITE_LAYER ? t`Deze installatie` : layer ? t`Pakket ${layer}` : '';
  if (failed) return <p className="app-error-text">{retrievingFailed()}</p>;
  if (!fields) return null;
  const count = fields.Fields.length;
  const label = fields.Label;
  return (
    <details className="app-table-fields" open>
      <summary>{t`Alle velden van ${label} (${count})`}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t`Omschrijving`}</th>
            <th scope="col">{t`Veldnaam`}</th>
            <th scope="col">{t`Veldtype`}</th>
            <th scope="col">{t`Herkomst`}</th>
          </tr>
        </thead>
        <tbody>
          {fields.Fields.map((f) => (
            <tr key={f.FieldName}>
              <td>
                {f.Label}
                {f.Required ? ' *' : ''}
                {f.LabelOrigin === SITE_LAYER && f.Origin !== SITE_LAYER && (
                  <span className="app-table-fields-note"> {t`(omschrijving hier aangepast)`}</span>
                )}
              </td>
              <td>{f.FieldName}</td>
              <td>{f.TypeLabel}</td>
              <td>{origin(f.Origin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
