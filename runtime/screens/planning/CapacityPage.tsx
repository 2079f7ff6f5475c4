// Capacity planning (route `capacityplanning`): per team and week, the hours planned on the
// planning board against the hours its members are available (their work hour plan, less their
// absences), over- and under-capacity marked in colour and in words.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { api, type ScreenInfo } from '../../api/index.ts';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { dayStart, viewStart, wallText } from '../../../definitions/language/planning-time.ts';
import { refusal } from './usePlanningBoard.ts';
import '../screens.css';
import './planning.css';

type Capacity = AnswerOf<'POST /mvc/planning/Capacity'>;
const WEEK = 7 * 24 * 3_600_000;

function thisMonday(): number {
  const d = new Date();
  return viewStart(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()), 'week');
}

export function CapacityPage({ screen }: { screen: ScreenInfo }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [monday, setMonday] = useState(thisMonday);
  const [weeks, setWeeks] = useState(4);
  const [answer, setAnswer] = useState<Capacity | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .planningCapacity({ From: wallText(dayStart(monday)).slice(0, 10), Weeks: weeks })
      .then((a) => live && (setAnswer(a), setError(null)))
      .catch((e: unknown) => live && setError(refusal(e, '')));
    return () => {
      live = false;
    };
  }, [monday, weeks]);

  const day = new Intl.DateTimeFormat(i18n.locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const hours = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 });
  const over = t`Overbezet`;
  const under = t`Onderbezet`;

  return (
    <section className="app-page planning-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
      </header>
      <div className="planning-toolbar" role="toolbar" aria-label={t`Capaciteitsplanning`}>
        <button type="button" className="app-button" onClick={() => setMonday(monday - WEEK)}>
          {t`Vorige`}
        </button>
        <button type="button" className="app-button" onClick={() => setMonday(thisMonday())}>
          {t`Vandaag`}
        </button>
        <button type="button" className="app-button" onClick={() => setMonday(monday + WEEK)}>
          {t`Volgende`}
        </button>
        <div className="planning-choice">
          <label htmlFor={`${id}-weeks`}>{t`Weken`}</label>
          <select
            id={`${id}-weeks`}
            className="app-input"
            value={weeks}
            onChange={(e) => setWeeks(Number(e.target.value))}
          >
            {[2, 4, 8, 12].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="planning-message">
          {error}
        </p>
      )}
      <div className="capacity-body" aria-busy={!answer && !error ? true : undefined}>
        <table className="capacity-table">
          <caption>{t`Uren per team en week`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Team`}</th>
              {answer?.Weeks.map((w) => {
                const label = day.format(Date.parse(`${w}T00:00Z`));
                return (
                  <th scope="col" key={w}>
                    {t`Week ${label}`}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {answer?.Teams.map((team) => (
              <tr key={team.AutoID}>
                <th scope="row">{team.Descr}</th>
                {team.Weeks.map((w) => {
                  const state = w.Planned > w.Available ? 'over' : w.Planned < w.Available ? 'under' : 'even';
                  return (
                    <td key={w.Week} className={`capacity-${state}`}>
                      <span>
                        {hours.format(w.Planned)} / {hours.format(w.Available)}
                      </span>{' '}
                      <span className="capacity-state">{state === 'over' ? over : state === 'under' ? under : ''}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="planning-hint">{t`Gepland / beschikbaar, in uren.`}</p>
      </div>
    </section>
  );
}
