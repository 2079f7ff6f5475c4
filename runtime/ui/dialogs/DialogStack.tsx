// Draws the store-driven dialogs: confirm, unsaved changes, the loader and the print-blob dialog.
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { answer, dialogs } from './dialogs.ts';
import type { StackEntry } from './dialogs.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { PrintBlobDialog } from './PrintBlobDialog.tsx';

function ConfirmDialog({ entry }: { entry: StackEntry }) {
  const { t } = useLingui();
  return (
    <ModalFrame
      title={entry.title ?? t`Bevestigen`}
      className="app-modal--small"
      onCloseClick={() => answer(entry.id, 'cancel')}
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            onClick={() => answer(entry.id, 'yes')}
          >{t`Ja`}</button>
          <button type="button" className="app-button" onClick={() => answer(entry.id, 'no')}>{t`Nee`}</button>
          <button
            type="button"
            className="app-button"
            onClick={() => answer(entry.id, 'cancel')}
          >{t`Annuleren`}</button>
        </>
      }
    >
      <p>{entry.text}</p>
    </ModalFrame>
  );
}

function UnsavedDialog({ entry }: { entry: StackEntry }) {
  const { t } = useLingui();
  return (
    <ModalFrame
      title={t`Wijzigingen niet opgeslagen`}
      className="app-modal--small"
      onCloseClick={() => answer(entry.id, 'cancel')}
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            onClick={() => answer(entry.id, 'save')}
          >{t`Opslaan`}</button>
          <button
            type="button"
            className="app-button"
            onClick={() => answer(entry.id, 'discard')}
          >{t`Niet opslaan`}</button>
          <button
            type="button"
            className="app-button"
            onClick={() => answer(entry.id, 'cancel')}
          >{t`Annuleren`}</button>
        </>
      }
    >
      <p>{t`U heeft nog wijzigingen die niet zijn opgeslagen.`}</p>
      <p>{t`Wilt u de wijzigingen opslaan?`}</p>
    </ModalFrame>
  );
}

function LoaderDialog({ entry }: { entry: StackEntry }) {
  const { t } = useLingui();
  const text = entry.text ?? t`Bezig met laden...`;
  return (
    <ModalFrame title={text} className="app-modal--loader" busy>
      <div className="app-spinner" aria-hidden="true" />
    </ModalFrame>
  );
}

export function DialogStack() {
  const { stack } = useSnapshot(dialogs);
  return (
    <>
      {stack.map((entry) => {
        switch (entry.kind) {
          case 'confirm':
            return <ConfirmDialog key={entry.id} entry={entry} />;
          case 'unsaved':
            return <UnsavedDialog key={entry.id} entry={entry} />;
          case 'loader':
            return <LoaderDialog key={entry.id} entry={entry} />;
          case 'blob':
            return <PrintBlobDialog key={entry.id} entry={entry} />;
          default:
            return null;
        }
      })}
    </>
  );
}
