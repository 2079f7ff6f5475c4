// The API clients page (spec 3 admin task `apiclients`): the maintenance page of the clients,
// and the secret of a client shown once, when it is created and when an administrator asks for a
// new one (the old one and its tokens end). The server keeps only the secret's hash, so nothing
// can show it again; the dialog says so.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { api, errorText, type TableScreen } from '../../api/index.ts';
import { confirm, showAlert } from '../../ui/dialogs/index.ts';
import type { RouteParams } from '../../ui/navigation/index.ts';
import { MaintenancePage } from '../MaintenancePage.tsx';
import type { RecordEditor } from '../useRecordEditor.ts';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';

export function ApiClientsPage({ screen, query, params }: { screen: TableScreen; query: string; params: RouteParams }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const issue = useCallback(
    (autoid: number) => {
      api.newClientSecret(autoid).then(
        (answer) => setShown({ clientId: answer.ClientId, secret: answer.Secret }),
        (failure: unknown) => showAlert(errorText(failure, t`Er is geen nieuw geheim gemaakt.`)),
      );
    },
    [t],
  );
  const options = useMemo(
    () => ({
      onCreated: issue,
      recordTools: (editor: RecordEditor) => (
        <div className="app-record-tools">
          <button
            type="button"
            className="app-button"
            onClick={() => {
              const autoid = Number(editor.current()?.AutoID ?? 0);
              void confirm(
                t`Het huidige geheim en de tokens van deze client vervallen meteen. Doorgaan?`,
                t`Nieuw geheim`,
              ).then((answer) => {
                if (answer === 'yes' && autoid) issue(autoid);
              });
            }}
          >{t`Nieuw geheim`}</button>
        </div>
      ),
    }),
    [issue, t],
  );
  return (
    <>
      <MaintenancePage screen={screen} query={query} params={params} options={options} />
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}
