// The pages of an account's life without a session: /register (request an account, accepting
// the terms), /useractivation (choose a password from the activation e-mail) and
// /passwordrecovery (ask for a recovery link, then choose a new password from it). Answers say
// nothing about whether a name or address exists; the server's Error is shown as it says it.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api, CallFailed } from '../api/index.ts';
import type { AccountPage } from './pages.ts';
import { pageToken } from './pages.ts';
import './account.css';

/** The server's message and the messages under its fields, as one text. */
function problemOf(failure: unknown, fallback: string): string {
  if (!(failure instanceof CallFailed)) return fallback;
  const fields = Object.values(failure.body?.ModelState ?? {}).flat();
  return [failure.body?.Error, ...fields].filter(Boolean).join(' ') || fallback;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="account-login">
      <div className="account-login-form">
        <h1 className="account-login-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  return (
    <label className="account-field">
      <span>{props.label}</span>
      <input
        name={props.name}
        type={props.type ?? 'text'}
        required={props.required}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** Runs a submit: busy while it runs, the problem shown when it fails. */
function useSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(problemOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

const Problem = ({ text }: { text: string | null }) =>
  text ? (
    <p className="account-error" role="alert">
      {text}
    </p>
  ) : null;

const BackToLogin = ({ label }: { label: string }) => (
  <a className="account-link" href="/">
    {label}
  </a>
);

function RegisterPage() {
  const { t } = useLingui();
  const fallback = t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' });
  const [terms, setTerms] = useState<{ Open: boolean; Terms: string } | null>(null);
  const [values, setValues] = useState({ Username: '', PersonName: '', Email: '', Company: '', Phone: '' });
  const [accepted, setAccepted] = useState(false);
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit(fallback);
  useEffect(() => {
    api.registration().then(setTerms, () => setTerms({ Open: false, Terms: '' }));
  }, []);
  const set = (name: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [name]: v }));
  const submit = run(async () => {
    await api.register({ ...values, AcceptTerms: accepted });
    setDone(true);
  });
  const title = t`Account aanvragen`;
  if (!terms) return <Frame title={title}>{null}</Frame>;
  if (!terms.Open)
    return (
      <Frame title={title}>
        <p>{t`Een account aanvragen is nu niet mogelijk.`}</p>
        <BackToLogin label={t`Naar inloggen`} />
      </Frame>
    );
  if (done)
    return (
      <Frame title={title}>
        <p role="status">{t`Uw aanvraag is ontvangen. U krijgt bericht per e-mail zodra deze is beoordeeld.`}</p>
        <BackToLogin label={t`Naar inloggen`} />
      </Frame>
    );
  return (
    <main className="account-login">
      <form className="account-login-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <h1 className="account-login-title">{title}</h1>
        <Field
          label={t`Gebruikersnaam`}
          name="Username"
          value={values.Username}
          onChange={set('Username')}
          required
          autoComplete="username"
        />
        <Field
          label={t`Naam`}
          name="PersonName"
          value={values.PersonName}
          onChange={set('PersonName')}
          required
          autoComplete="name"
        />
        <Field
          label={t`E-mail`}
          name="Email"
          type="email"
          value={values.Email}
          onChange={set('Email')}
          required
          autoComplete="email"
        />
        <Field
          label={t`Bedrijf`}
          name="Company"
          value={values.Company}
          onChange={set('Company')}
          autoComplete="organization"
        />
        <Field label={t`Telefoon`} name="Phone" value={values.Phone} onChange={set('Phone')} autoComplete="tel" />
        <div className="account-terms" aria-label={t`Voorwaarden`}>
          {terms.Terms}
        </div>
        <label className="account-check">
          <input
            type="checkbox"
            name="AcceptTerms"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <span>{t`Ik ga akkoord met de voorwaarden`}</span>
        </label>
        <Problem text={error} />
        <button type="submit" className="account-button account-button--primary" disabled={busy}>{t`Aanvragen`}</button>
        <BackToLogin label={t`Naar inloggen`} />
      </form>
    </main>
  );
}

/** A new password from an e-mailed link (activation or recovery). */
function NewPasswordForm({ purpose, token }: { purpose: 'activation' | 'recovery'; token: string }) {
  const { t } = useLingui();
  const fallback = t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' });
  const [usable, setUsable] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit(fallback);
  useEffect(() => {
    api.checkLink({ Token: token, Purpose: purpose }).then(
      (a) => setUsable(a.Usable),
      () => setUsable(false),
    );
  }, [token, purpose]);
  const title = purpose === 'activation' ? t`Account activeren` : t`Nieuw wachtwoord kiezen`;
  const submit = run(async () => {
    const body = { Token: token, Password: password, PasswordRetype: retype };
    await (purpose === 'activation' ? api.activate(body) : api.resetPassword(body));
    setDone(true);
  });
  if (usable === null) return <Frame title={title}>{null}</Frame>;
  if (done)
    return (
      <Frame title={title}>
        <p role="status">{t`Uw wachtwoord is ingesteld. U kunt nu inloggen.`}</p>
        <BackToLogin label={t`Naar inloggen`} />
      </Frame>
    );
  if (!usable)
    return (
      <Frame title={title}>
        <p
          className="account-error"
          role="alert"
        >{t`Deze link is ongeldig, al gebruikt of verlopen. Vraag een nieuwe aan.`}</p>
        <a className="account-link" href="/passwordrecovery">{t`Wachtwoord vergeten?`}</a>
      </Frame>
    );
  return (
    <main className="account-login">
      <form className="account-login-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <h1 className="account-login-title">{title}</h1>
        <Field
          label={t`Nieuw wachtwoord`}
          name="Password"
          type="password"
          value={password}
          onChange={setPassword}
          required
          autoComplete="new-password"
        />
        <Field
          label={t`Herhaal wachtwoord`}
          name="PasswordRetype"
          type="password"
          value={retype}
          onChange={setRetype}
          required
          autoComplete="new-password"
        />
        <Problem text={error} />
        <button
          type="submit"
          className="account-button account-button--primary"
          disabled={busy}
        >{t`Wachtwoord instellen`}</button>
      </form>
    </main>
  );
}

function RecoveryRequest() {
  const { t } = useLingui();
  const fallback = t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' });
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit(fallback);
  const submit = run(async () => {
    await api.recover({ Email: email.trim() });
    setDone(true);
  });
  const title = t`Wachtwoord vergeten`;
  if (done)
    return (
      <Frame title={title}>
        <p role="status">{t`Als dit adres bij een gebruiker hoort, ontvangt u een e-mail met een link om een nieuw wachtwoord te kiezen.`}</p>
        <BackToLogin label={t`Naar inloggen`} />
      </Frame>
    );
  return (
    <main className="account-login">
      <form className="account-login-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <h1 className="account-login-title">{title}</h1>
        <Field
          label={t`E-mail`}
          name="Email"
          type="email"
          value={email}
          onChange={setEmail}
          required
          autoComplete="email"
        />
        <Problem text={error} />
        <button
          type="submit"
          className="account-button account-button--primary"
          disabled={busy}
        >{t`Link versturen`}</button>
        <BackToLogin label={t`Naar inloggen`} />
      </form>
    </main>
  );
}

export function AccountPages({ page }: { page: AccountPage }) {
  // The token is read once, when the page opens, and leaves the address then.
  const token = pageToken();
  // A link opened in a tab already on this page changes only the address after `#`: read it as a new page.
  useEffect(() => {
    const reopen = () => window.location.reload();
    window.addEventListener('hashchange', reopen);
    return () => window.removeEventListener('hashchange', reopen);
  }, []);
  if (page === 'register') return <RegisterPage />;
  if (page === 'activation') return <NewPasswordForm purpose="activation" token={token ?? ''} />;
  return token ? <NewPasswordForm purpose="recovery" token={token} /> : <RecoveryRequest />;
}
