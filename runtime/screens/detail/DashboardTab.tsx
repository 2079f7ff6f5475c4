// The dashboard tab (GetDashboard): the record's child rows counted per group and per month, and
// with `within` by how soon a date of theirs comes, as small bar charts with their numbers as text.
import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BarChart } from './BarChart.tsx';
import { useDashboard } from './useDashboard.ts';

export interface DashboardTabProps {
  table: string;
  /** The record whose child rows are counted; none on a dashboard screen (every row the user sees). */
  autoid?: number;
  tab: string;
  version: number;
  /** The title of the counts by days ahead (the tab's `within`), when the tab has them. */
  withinTitle?: string;
}

/** 'YYYY-MM' as the month's short name and year in the user's language. */
export function monthLabel(month: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

// The chart library is loaded with the first chart, not with every record screen.
const DefinedChart = lazy(() => import('./DefinedChart.tsx'));

export function DashboardTab({ table, autoid, tab, version, withinTitle }: DashboardTabProps) {
  const { t, i18n } = useLingui();
  const { answer, failed } = useDashboard(table, autoid, tab, version);

  if (failed)
    return (
      <p role="alert" className="grid-alert">
        {t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}
      </p>
    );
  if (!answer) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  const empty = t({ id: 'grid.no_results', message: 'Geen resultaten' });
  const count = t`Aantal`;
  return (
    <div className="detail-dashboard">
      <BarChart
        title={t`Per groep`}
        bars={answer.ByGroup.map((g) => ({ label: g.Label || t`(geen)`, value: g.Count }))}
        labelHeading={t`Groep`}
        valueHeading={count}
        emptyText={empty}
      />
      <BarChart
        title={t`Per maand`}
        bars={answer.ByMonth.map((m) => ({ label: monthLabel(m.Month, i18n.locale || 'nl'), value: m.Count }))}
        labelHeading={t`Maand`}
        valueHeading={count}
        emptyText={empty}
      />
      {answer.Charts?.map((chart) => (
        <Suspense
          key={chart.Name}
          fallback={<div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />}
        >
          <DefinedChart chart={chart} />
        </Suspense>
      ))}
      {answer.Within && (
        <BarChart
          title={withinTitle ?? ''}
          bars={answer.Within.map(({ Days: days, Count }) => ({ label: t`Binnen ${days} dagen`, value: Count }))}
          labelHeading={t`Periode`}
          valueHeading={count}
          emptyText={empty}
        />
      )}
    </div>
  );
}
