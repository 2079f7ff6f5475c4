// Session user logs (spec 3 admin task `sessionuserlogs`, right 12.81): the open sessions, who
// holds them, from where and since when, each with force logout, which ends it on every server
// process within a second (the user's next call finds itself signed out).
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { api, errorText, type ScreenInfo } from '../../api/index.ts';
import { confirm } from '../../ui/dialogs/index.ts';
import { useScreenRights } from '../../state/index.ts';
import { retrievingFailed } from '../failures.ts';
import '../screens.css';

type Session = AnswerOf<'POST /mvc/sessionuserlogs/Get'>['Sessions'][number];

export function SessionUserLogsPage({ screen }: { screen: ScreenInfo }) {
  const { t, i18n } = useLingui();
  const rights = useScreenRights(screen);
  const [filter, setFilter] = useState('');
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((username: string) => {
    api.sessionLogs(username.trim() || null).then(
      (answer) => {
        setSessions(answer.Sessions);
        setError(null);
      },
      (failure: unknown) => setError(errorText(failure, retrievingFailed())),
    );
  }, []);
  useEffect(() => load(''), [load]);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.locale);
  const end = async (session: Session) => {
    const question = t`De sessie van ${session.Username} beëindigen? De gebruiker wordt meteen afgemeld.`;
    if ((await confirm(question, t`Afmelden`)) !== 'yes') return;
    try {
      await api.forceLogout([session.Id]);
      load(filter);
    } catch (failure) {
      setError(errorText(failure, t`De sessie is niet beëindigd.`));
    }
  };

  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        <form
          className="app-edit-menu"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            load(filter);
          }}
        >
          <label>
            {t`Gebruikersnaam`}{' '}
            <input type="search" value={filter} maxLength={100} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <button type="submit" className="app-button">{t`Zoeken`}</button>
        </form>
      </header>
      {error && (
        <p role="alert" className="app-error">
          {error}
        </p>
      )}
      <table className="app-table session-logs" aria-busy={!sessions && !error ? true : undefined}>
        <thead>
          <tr>
            <th scope="col">{t`Gebruiker`}</th>
            <th scope="col">{t`Aangemeld sinds`}</th>
            <th scope="col">{t`Laatst actief`}</th>
            <th scope="col">{t`Verloopt`}</th>
            <th scope="col">{t`Adres`}</th>
            <th scope="col">{t`Browser`}</th>
            <th scope="col">
              <span className="app-sr-only">{t`Acties`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions?.map((s) => (
            <tr key={s.Id}>
              <td>{s.Username}</td>
              <td>{when(s.Created)}</td>
              <td>{when(s.LastSeen)}</td>
              <td>{when(s.Expires)}</td>
              <td>{s.Ip ?? ''}</td>
              <td>{s.UserAgent ?? ''}</td>
              <td>
                {rights.update && (
                  <button
                    type="button"
                    className="app-button"
                    aria-label={t`Sessie van ${s.Username} beëindigen`}
                    onClick={() => void end(s)}
                  >{t`Afmelden`}</button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sessions?.length === 0 && <p>{t`Geen open sessies.`}</p>}
    </section>
  );
}
