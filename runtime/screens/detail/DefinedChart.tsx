// A chart of a dashboard tab's definition (bar, line or donut) drawn with recharts, in the user's
// language and number format. The drawing is hidden from screen readers; a table of the same
// numbers beside it says everything it shows.
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardAnswer } from '../../../definitions/language/index.ts';

export type ChartAnswer = NonNullable<DashboardAnswer['Charts']>[number];

const COLOURS = ['#1f6fb2', '#d9822b', '#3a9a5b', '#a3485d', '#7a5ea8', '#5f7d8c', '#b59a2d', '#2f8f8f'];
const WIDTH = 420;
const HEIGHT = 220;

export default function DefinedChart({ chart }: { chart: ChartAnswer }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const numbers = new Intl.NumberFormat(i18n.locale || 'nl', { maximumFractionDigits: 2 });
  const data = chart.Points.map((p) => ({ label: p.Label || t`(geen)`, value: p.Value }));
  const shown = (value: unknown) => numbers.format(Number(value) || 0);
  const drawing = () => {
    if (chart.Kind === 'donut')
      return (
        <PieChart width={WIDTH} height={HEIGHT}>
          <Pie data={data} dataKey="value" nameKey="label" innerRadius={50} outerRadius={90} isAnimationActive={false}>
            {data.map((_, i) => (
              <Cell key={i} fill={COLOURS[i % COLOURS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={shown} />
        </PieChart>
      );
    if (chart.Kind === 'line')
      return (
        <LineChart width={WIDTH} height={HEIGHT} data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={shown} />
          <Tooltip formatter={shown} />
          <Line dataKey="value" stroke={COLOURS[0]} isAnimationActive={false} />
        </LineChart>
      );
    return (
      <BarChart width={WIDTH} height={HEIGHT} data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis tickFormatter={shown} />
        <Tooltip formatter={shown} />
        <Bar dataKey="value" fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    );
  };
  return (
    <figure className="detail-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="detail-chart-title">
        {chart.Title}
      </figcaption>
      {data.length === 0 ? (
        <p className="grid-empty">{t({ id: 'grid.no_results', message: 'Geen resultaten' })}</p>
      ) : (
        <>
          <div aria-hidden="true">{drawing()}</div>
          <table className="app-sr-only">
            <caption>{chart.Title}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Groep`}</th>
                <th scope="col">{chart.Measure}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((p, i) => (
                <tr key={`${p.label}-${i}`}>
                  <td>{p.label}</td>
                  <td>{shown(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
