// A small horizontal bar chart in plain SVG, with its numbers as a table for screen readers (the
// drawing itself is hidden from them): the text alternative says everything the bars show.
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  /** Column headings of the text alternative. */
  labelHeading: string;
  valueHeading: string;
  emptyText: string;
}

const ROW = 22;
const LABEL_W = 130;
const BAR_W = 220;
const VALUE_W = 50;

export function BarChart({ title, bars, labelHeading, valueHeading, emptyText }: BarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * ROW;
  return (
    <figure className="detail-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="detail-chart-title">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="grid-empty">{emptyText}</p>
      ) : (
        <>
          <svg
            width={LABEL_W + BAR_W + VALUE_W}
            height={height}
            viewBox={`0 0 ${LABEL_W + BAR_W + VALUE_W} ${height}`}
            aria-hidden="true"
            focusable="false"
          >
            {bars.map((bar, i) => {
              const width = Math.max(bar.value > 0 ? 2 : 0, Math.round((bar.value / max) * BAR_W));
              const y = i * ROW;
              return (
                <g key={`${bar.label}-${i}`}>
                  <text
                    x={LABEL_W - 6}
                    y={y + ROW / 2}
                    textAnchor="end"
                    dominantBaseline="middle"
                    className="detail-chart-label"
                  >
                    {bar.label.length > 18 ? `${bar.label.slice(0, 17)}…` : bar.label}
                  </text>
                  <rect x={LABEL_W} y={y + 4} width={width} height={ROW - 8} rx={2} className="detail-chart-bar" />
                  <text
                    x={LABEL_W + width + 4}
                    y={y + ROW / 2}
                    dominantBaseline="middle"
                    className="detail-chart-value"
                  >
                    {bar.value}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="app-sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col">{valueHeading}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, i) => (
                <tr key={`${bar.label}-${i}`}>
                  <td>{bar.label}</td>
                  <td>{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
