"use client";
// The report's figures per day as grouped bars (sent, opened, clicked), drawn as SVG that scales with its
// box. The same numbers are in a table beneath it for screen readers and for anyone who wants them.
import { formatDate, formatNumber } from "@/components/ui/format";
import type { CampaignReport } from "../campaigns-client";

const SERIES = [
  { key: "sent", label: "Sent", className: "series-sent" },
  { key: "uniqueOpens", label: "Opened", className: "series-opened" },
  { key: "uniqueClicks", label: "Clicked", className: "series-clicked" },
] as const;

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

function niceMax(n: number): number {
  if (n <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= n) return step * magnitude;
  return 10 * magnitude;
}

export function DailyChart({ daily }: { daily: CampaignReport["daily"] }) {
  if (daily.length === 0) return <p className="muted">Nothing has happened yet.</p>;
  const max = niceMax(Math.max(1, ...daily.flatMap((d) => SERIES.map((s) => d.figures[s.key]))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / daily.length;
  const bar = Math.max(2, Math.min(18, (group * 0.8) / SERIES.length));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max];
  const label = (day: string) => formatDate(`${day}T12:00:00Z`);
  const summary = daily
    .map((d) => `${label(d.day)}: ${SERIES.map((s) => `${formatNumber(d.figures[s.key])} ${s.label.toLowerCase()}`).join(", ")}`)
    .join("; ");
  const every = Math.ceil(daily.length / 8);
  return (
    <figure className="daily-chart">
      <div className="cluster chart-legend" aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key} className="chart-key">
            <span className={`chart-swatch ${s.className}`} /> {s.label}
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Sent, opened and clicked per day. ${summary}`} className="chart-svg">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="chart-tick">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {daily.map((d, i) => {
          const x0 = PAD.left + i * group + (group - bar * SERIES.length) / 2;
          return (
            <g key={d.day}>
              {SERIES.map((s, j) => (
                <rect
                  key={s.key}
                  x={x0 + j * bar}
                  y={y(d.figures[s.key])}
                  width={bar - 1}
                  height={PAD.top + plotH - y(d.figures[s.key])}
                  className={s.className}
                />
              ))}
              {i % every === 0 && (
                <text x={PAD.left + i * group + group / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-tick">
                  {label(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details>
        <summary>The numbers per day</summary>
        <div className="table-wrap">
          <table className="table table-compact">
            <caption className="visually-hidden">Sent, opened and clicked per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="cell-number">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="cell-number">
                  Bounced
                </th>
                <th scope="col" className="cell-number">
                  Unsubscribed
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{label(d.day)}</th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="cell-number">
                      {formatNumber(d.figures[s.key])}
                    </td>
                  ))}
                  <td className="cell-number">{formatNumber(d.figures.bounced)}</td>
                  <td className="cell-number">{formatNumber(d.figures.unsubscribes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
