// Resetting defaults from the view manager: a user clears their own default and gets their
// role's or the system view again; a manager of system views does the same for a user who
// keeps a default of their own on this grid.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useState } from 'react';
import { api } from '../api/index.ts';
import type { UserDefault, ViewPermissions } from '../api/index.ts';
import { showAlert, toast } from '../ui/dialogs/index.ts';
import type { ViewClient } from './types.ts';
import { listUserDefaults, resetUserDefault } from './viewsController.ts';

export interface ResetDefaultsProps {
  control: string;
  permissions: ViewPermissions;
  /** The user has a default view of their own on this grid. */
  ownDefault: boolean;
  /** A default was reset: the list of views shows other flags now. */
  onReset: () => void;
  client?: Pick<ViewClient, 'resetUserLayout' | 'userDefaults'>;
}

export function ResetDefaults({ control, permissions, ownDefault, onReset, client = api }: ResetDefaultsProps) {
  const { t } = useLingui();
  const id = useId();
  const manager = permissions.AllowChangeSystemViews;
  const [users, setUsers] = useState<UserDefault[]>([]);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!manager) return;
    const answer = await listUserDefaults(client, control);
    if (!answer) return;
    setUsers(answer);
    setChosen((current) => (answer.some((u) => u.Username === current) ? current : (answer[0]?.Username ?? '')));
  }, [client, control, manager]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = async (username: string | null) => {
    setBusy(true);
    if (await resetUserDefault(client, control, username)) {
      toast('success', t`De standaardweergave is teruggezet.`);
      onReset();
      await load();
    } else {
      showAlert(t`Fout bij het updaten van de weergave.`);
    }
    setBusy(false);
  };

  const own = permissions.AllowChangeUserViews && ownDefault;
  if (!own && !(manager && users.length)) return null;
  return (
    <div className="grid-views-reset" aria-busy={busy || undefined}>
      {own && (
        <button
          type="button"
          className="app-button"
          disabled={busy}
          onClick={() => void reset(null)}
        >{t`Mijn standaard wissen`}</button>
      )}
      {manager && users.length > 0 && (
        <>
          <label htmlFor={`${id}-user`}>{t`Eigen standaard van`}</label>
          <select id={`${id}-user`} value={chosen} disabled={busy} onChange={(e) => setChosen(e.target.value)}>
            {users.map((u) => (
              <option key={u.Username} value={u.Username}>{`${u.PersonName ?? u.Username} (${u.Layout})`}</option>
            ))}
          </select>
          <button
            type="button"
            className="app-button"
            disabled={busy || !chosen}
            onClick={() => void reset(chosen)}
          >{t`Terugzetten naar standaard`}</button>
        </>
      )}
    </div>
  );
}
