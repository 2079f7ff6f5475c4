// Single sign-on in the runtime (docs/identity.md): the login page's provider buttons and the
// message of a refused sign-on (the server sends the browser back with only its code, `?sso=`),
// and the migration wizard (/migrateWizard) that links a password account to a provider. Every
// button is a plain link: the server starts the flow and sends the browser to the provider.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, CallFailed } from '../api/index.ts';
import './account.css';

type Provider = { ID: string; Descr: string };

export const MIGRATE_WIZARD_PATH = '/migratewizard';
const MIGRATION_REQUIRED = 'SSO_MIGRATION_REQUIRED';

function useProviders(): Provider[] {
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    api.identityProviders().then(
      // An answer that is not a list (a server before single sign-on) offers none.
      (list) => setProviders(Array.isArray(list) ? [...list] : []),
      () => setProviders([]),
    );
  }, []);
  return providers;
}

/** Whether the address is the migration wizard's. */
export const isMigrateWizard = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') === MIGRATE_WIZARD_PATH;

/** A refused password of a user due for migration goes on in the wizard, with the provider's code. */
export function migrateIfRequired(failure: unknown): boolean {
  if (!(failure instanceof CallFailed) || failure.body.Code !== MIGRATION_REQUIRED) return false;
  window.location.assign(`${MIGRATE_WIZARD_PATH}?provider=${encodeURIComponent(failure.body.MigrateTo ?? '')}`);
  return true;
}

/** A refused sign-on's code, read as the page opens (the router rewrites the address after). */
const refusedCode = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('sso');

/** The message of a refused sign-on's code, in the user's language. */
function useRefusal(): string | null {
  const { t } = useLingui();
  const code = refusedCode;
  switch (code) {
    case null:
      return null;
    case 'OIDC-1002':
      return t`OIDC-1002: deze aanmelding is al verwerkt. Probeer het opnieuw.`;
    case 'OIDC-1003':
      return t`OIDC-1003: de provider gaf niet genoeg gegevens om een account aan te maken.`;
    case 'OIDC-1004':
      return t`OIDC-1004: de gegevens van de relatie ontbreken.`;
    case 'OIDC-1005':
      return t`OIDC-1005: de beveiligingsgegevens ontbreken.`;
    case 'OIDC-1006':
      return t`OIDC-1006: deze gebruikersnaam is al in gebruik.`;
    case 'OIDC-1007':
      return t`OIDC-1007: het e-mailadres is onjuist.`;
    case 'OIDC-1008':
      return t`OIDC-1008: een claim kan maar voor één gegeven worden gebruikt.`;
    case 'OIDC-1009':
      return t`OIDC-1009: de ontvangen claims zijn ongeldig of meermaals gebruikt.`;
    case 'unavailable':
      return t`De identiteitsprovider is niet bereikbaar. Probeer het later opnieuw.`;
    case 'no-account':
      return t`Er is geen account gekoppeld aan deze aanmelding.`;
    default:
      return t`OIDC-1001: onjuist verzoek.`;
  }
}

const startUrl = (path: string, provider: string, returnTo: string | null) =>
  `/mvc/sso/${path}?${new URLSearchParams({ provider, ...(returnTo ? { returnTo } : {}) })}`;

/** The login page's part: a refused sign-on's message, and a button per provider. */
export function SignOnProviders({ returnTo }: { returnTo: string | null }) {
  const { t } = useLingui();
  const providers = useProviders();
  const refusal = useRefusal();
  return (
    <>
      {refusal && (
        <p className="account-error" role="alert">
          {refusal}
        </p>
      )}
      {providers.length > 0 && (
        <nav className="account-sso" aria-label={t`Eenmalige aanmelding`}>
          <span className="account-sso-title">{t`Of meld u aan met`}</span>
          {providers.map((p) => (
            <a key={p.ID} className="account-button" href={startUrl('start', p.ID, returnTo)}>
              {p.Descr}
            </a>
          ))}
        </nav>
      )}
    </>
  );
}

/** /migrateWizard: link the account to a provider (the one a mandatory migration names, or a chosen one). */
export function MigrateWizard() {
  const { t } = useLingui();
  const providers = useProviders();
  const required = new URLSearchParams(window.location.search).get('provider');
  const due = required ? providers.find((p) => p.ID === required) : undefined;
  return (
    <main className="account-login">
      <section className="account-login-form" aria-labelledby="migrate-title">
        <h1 id="migrate-title" className="account-login-title">{t`Account koppelen`}</h1>
        {due ? (
          <>
            <p>{t`Uw beheerder vraagt u uw account te koppelen aan ${due.Descr}. Daarna meldt u zich daar aan.`}</p>
            <a className="account-button account-button--primary" href="/mvc/sso/continue">
              {t`Doorgaan naar ${due.Descr}`}
            </a>
          </>
        ) : (
          <>
            <p>{t`Koppel uw account aan een identiteitsprovider; daarna meldt u zich daarmee aan.`}</p>
            {providers.map((p) => (
              <a key={p.ID} className="account-button" href={startUrl('link', p.ID, '/')}>
                {t`Koppelen aan ${p.Descr}`}
              </a>
            ))}
          </>
        )}
        <p className="account-links">
          <a className="account-link" href="/login">{t`Terug naar inloggen`}</a>
        </p>
      </section>
    </main>
  );
}
