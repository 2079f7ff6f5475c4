// The print-blob dialog (spec 1 section 2, "Loader dialog and print-blob dialog"): a downloaded
// file the browser shows itself (a PDF) opens in a tab of its own to read or print, or is saved
// under its name. It is not shown inside the page: the page's Content-Security-Policy frames
// nothing, not even its own blobs.
import { useLingui } from '@lingui/react/macro';
import { blobOf, closePrintBlob, type StackEntry } from './dialogs.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { saveBlob } from './saveBlob.ts';

export function PrintBlobDialog({ entry }: { entry: StackEntry }) {
  const { t } = useLingui();
  const file = entry.blob!;
  const close = () => closePrintBlob(entry.id);
  const view = (print: boolean) => {
    const tab = window.open(file.url, '_blank');
    if (print && tab) tab.addEventListener('load', () => tab.print(), { once: true });
  };
  const save = () => {
    const blob = blobOf(entry.id);
    if (blob) saveBlob(blob, file.fileName);
    close();
  };
  return (
    <ModalFrame
      title={file.fileName}
      className="app-modal--small app-print-blob"
      onCloseClick={close}
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            onClick={() => view(false)}
          >{t`Bekijken`}</button>
          <button type="button" className="app-button" onClick={() => view(true)}>{t`Afdrukken`}</button>
          <button type="button" className="app-button" onClick={save}>{t`Opslaan`}</button>
          <button type="button" className="app-button" onClick={close}>{t`Sluiten`}</button>
        </>
      }
    >
      <p>{t`Het bestand is klaar. U kunt het bekijken, afdrukken of opslaan.`}</p>
    </ModalFrame>
  );
}
