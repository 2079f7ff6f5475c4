// What the licence switches on (spec 3 §6): whether a licence is active, its expiry, the active
// modules by name. Without an activated licence the installation's setting decides the modules;
// a licence that lapsed (expired, or no longer valid) leaves none.
import { Trans, useLingui } from '@lingui/react/macro';
import type { LicenceAnswer } from '../../api/index.ts';
import { allModules, formatDay, formatMoment, moduleNames } from './model.ts';

function Status({ licence }: { licence: LicenceAnswer }) {
  if (!licence.Licensed && licence.Lapsed) {
    return (
      <p className="licence-status">
        <Trans>
          De licentie is verlopen of niet meer geldig: er zijn geen modules actief tot een nieuwe licentie is
          geactiveerd.
        </Trans>
      </p>
    );
  }
  if (!licence.Licensed) {
    return allModules(licence.Modules) ? (
      <p className="licence-status">
        <Trans>Geen licentie geactiveerd: alle modules zijn beschikbaar (ontwikkelinstallatie).</Trans>
      </p>
    ) : (
      <p className="licence-status">
        <Trans>
          Geen licentie geactiveerd: de instelling van deze installatie bepaalt welke modules beschikbaar zijn.
        </Trans>
      </p>
    );
  }
  const expires = formatDay(licence.Expires);
  return (
    <p className="licence-status">
      {licence.Expires ? (
        <Trans>Licentie geactiveerd, geldig tot en met {expires}.</Trans>
      ) : (
        <Trans>Licentie geactiveerd, zonder einddatum.</Trans>
      )}
    </p>
  );
}

export function LicenceModules({ licence }: { licence: LicenceAnswer }) {
  const { t } = useLingui();
  const names = moduleNames(licence.Modules);
  const by = licence.SavedBy ?? '';
  const at = formatMoment(licence.SavedAt);
  return (
    <section className="licence-modules" aria-label={t`Actieve modules`}>
      <Status licence={licence} />
      <h2 className="licence-subtitle">{t`Actieve modules`}</h2>
      {names.length === 0 ? (
        <p>
          <Trans>Geen modules actief.</Trans>
        </p>
      ) : (
        <ul className="licence-module-list">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      {licence.Licensed && licence.SavedBy && licence.SavedAt && (
        <p className="licence-hint">
          <Trans>
            Opgeslagen door {by} op {at}.
          </Trans>
        </p>
      )}
    </section>
  );
}
