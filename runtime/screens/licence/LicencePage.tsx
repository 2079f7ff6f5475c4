// The licence page (/licenses, spec 1 §2–§5): the licence's fields, read-only until Bewerken;
// Opslaan while editing; Kopiëren copies the product code; a paste area with Openen fills the
// fields from a licence as it was sent. Below, what the licence switches on.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ScreenInfo } from '../../api/index.ts';
import { useLeaveGuard } from '../../ui/navigation/index.ts';
import { useBeforeUnload, useScreenRights } from '../../state/index.ts';
import { LicenceFields } from './LicenceFields.tsx';
import { LicenceModules } from './LicenceModules.tsx';
import { PasteLicence } from './PasteLicence.tsx';
import { useLicence } from './useLicence.ts';
import '../screens.css';
import './licence.css';

export interface LicencePageProps {
  screen: ScreenInfo;
}

export function LicencePage({ screen }: LicencePageProps) {
  const { t } = useLingui();
  const rights = useScreenRights(screen);
  const licence = useLicence(screen.rights?.update);
  useBeforeUnload(licence.dirty);
  useLeaveGuard(licence.dirty, licence.save);
  const ready = licence.licence !== null;

  return (
    <section className="app-page licence-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          {rights.update && !licence.editing && (
            <button type="button" className="app-button" disabled={!ready} onClick={licence.edit}>{t`Bewerken`}</button>
          )}
          {licence.editing && (
            <button
              type="button"
              className="app-button app-button--primary"
              disabled={licence.saving}
              onClick={() => void licence.save()}
            >
              {t`Opslaan`}
            </button>
          )}
          <button
            type="button"
            className="app-button"
            disabled={!licence.copyable}
            onClick={() => void licence.copy()}
          >{t`Kopiëren`}</button>
        </div>
      </header>
      {licence.licence && !licence.licence.CanActivate && (
        <p role="note" className="licence-note">
          <Trans>
            Deze installatie kan nog geen licentie activeren: de sleutel van de leverancier is niet ingesteld
            (LICENCE_PUBLIC_KEY). Vraag uw leverancier om die sleutel en laat de beheerder van de server hem instellen;
            daarna kunt u hier de licentie opslaan.
          </Trans>
        </p>
      )}
      {licence.loadError && (
        <p role="alert" className="licence-error">
          {licence.loadError}
        </p>
      )}
      <div className="licence-body" aria-busy={!ready && !licence.loadError ? true : undefined}>
        <form className="licence-form" aria-label={t`Licentie`} onSubmit={(e) => e.preventDefault()}>
          {licence.failure && (
            <div role="alert" className="licence-error">
              {licence.failure.error}
            </div>
          )}
          <LicenceFields
            form={licence.form}
            editing={licence.editing}
            fieldErrors={licence.failure?.fields ?? {}}
            onChange={licence.setForm}
          />
        </form>
        {rights.update && <PasteLicence onOpen={licence.open} />}
        {licence.licence && <LicenceModules licence={licence.licence} />}
      </div>
    </section>
  );
}
