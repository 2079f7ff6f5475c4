// The login page: user name, password and the server's Error on the form. On success the shell
// reloads the route table (the menu depends on the user's rights) and opens the returnurl route.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, CallFailed } from '../api/index.ts';
import { account } from './state.ts';
import { login, takeReturnUrl } from './actions.ts';
import { migrateIfRequired, SignOnProviders } from './SignOn.tsx';
import './account.css';

export interface LoginPageProps {
  /** Called after a successful login with the route to return to (null: the start route). */
  onLoggedIn: (returnUrl: string | null) => void | Promise<void>;
}

export function LoginPage({ onLoggedIn }: LoginPageProps) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "Request an account" is offered only while the security settings take requests.
  const [registrationOpen, setRegistrationOpen] = useState(false);
  useEffect(() => {
    api.registration().then(
      (r) => setRegistrationOpen(r.Open),
      () => setRegistrationOpen(false),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      await onLoggedIn(takeReturnUrl());
    } catch (failure) {
      if (migrateIfRequired(failure)) return;
      setError(
        failure instanceof CallFailed && failure.body?.Error
          ? failure.body.Error
          : t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }),
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="account-login">
      <form className="account-login-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <h1 className="account-login-title">{t`Inloggen`}</h1>
        <label className="account-field">
          <span>{t`Gebruikersnaam`}</span>
          <input
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label className="account-field">
          <span>{t`Wachtwoord`}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="account-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="account-button account-button--primary" disabled={busy}>{t`Inloggen`}</button>
        <SignOnProviders returnTo={account.returnUrl ? `/?route=${encodeURIComponent(account.returnUrl)}` : null} />
        <p className="account-links">
          <a className="account-link" href="/passwordrecovery">{t`Wachtwoord vergeten?`}</a>
          {registrationOpen && (
            <a className="account-link" href="/register">
              {t`Account aanvragen`}
            </a>
          )}
        </p>
      </form>
    </main>
  );
}
