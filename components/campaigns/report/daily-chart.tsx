"use client";
// The report's figures over time as grouped bars (sent, opened, clicked), drawn as SVG that scales with its
// box: the first 48 hours by hour, then every day. The same numbers are in a table beneath each chart for
// screen readers and for anyone who wants them.
import { formatDate, formatHour, formatNumber } from "@/components/ui/format";
import type { CampaignReport } from "../campaigns-client";

const SERIES = [
  { key: "sent", label: "Sent", className: "series-sent" },
  { key: "uniqueOpens", label: "Opened", className: "series-opened" },
  { key: "uniqueClicks", label: "Clicked", className: "series-clicked" },
] as const;
type Values = Record<(typeof SERIES)[number]["key"], number>;
type Point = { key: string; label: string; tick: string; values: Values; more?: { bounced: number; unsubscribes: number } };

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

function niceMax(n: number): number {
  if (n <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= n) return step * magnitude;
  return 10 * magnitude;
}

function BarChart({ points, per, ticks: tickCount, testId }: { points: Point[]; per: string; ticks: number; testId: string }) {
  const max = niceMax(Math.max(1, ...points.flatMap((d) => SERIES.map((s) => d.values[s.key]))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / points.length;
  const bar = Math.max(1, Math.min(18, (group * 0.8) / SERIES.length));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max];
  const summary = points
    .filter((d) => SERIES.some((s) => d.values[s.key] > 0))
    .map((d) => `${d.label}: ${SERIES.map((s) => `${formatNumber(d.values[s.key])} ${s.label.toLowerCase()}`).join(", ")}`)
    .join("; ");
  const every = Math.ceil(points.length / tickCount);
  return (
    <figure className="daily-chart" data-testid={testId}>
      <div className="cluster chart-legend" aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key} className="chart-key">
            <span className={`chart-swatch ${s.className}`} /> {s.label}
          </span>
        ))}
      </div>
      {/* A region of its own that scrolls sideways on a phone (focusable, so a keyboard can scroll it too). */}
      <div className="chart-scroll" tabIndex={0} role="group" aria-label={`Chart per ${per}, scrolls sideways on small screens`}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Sent, opened and clicked per ${per}. ${summary || "Nothing yet."}`}
          className="chart-svg"
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="chart-grid" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="chart-tick">
                {formatNumber(t)}
              </text>
            </g>
          ))}
          {points.map((d, i) => {
            const x0 = PAD.left + i * group + (group - bar * SERIES.length) / 2;
            return (
              <g key={d.key}>
                {SERIES.map((s, j) => (
                  <rect
                    key={s.key}
                    x={x0 + j * bar}
                    y={y(d.values[s.key])}
                    width={Math.max(0.5, bar - (bar > 2 ? 1 : 0))}
                    height={PAD.top + plotH - y(d.values[s.key])}
                    className={s.className}
                  />
                ))}
                {i % every === 0 && (
                  <text x={PAD.left + i * group + group / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-tick">
                    {d.tick}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <details>
        <summary>The numbers per {per}</summary>
        <div className="table-wrap">
          <table className="table table-compact">
            <caption className="visually-hidden">Sent, opened and clicked per {per}</caption>
            <thead>
              <tr>
                <th scope="col">{per === "hour" ? "Hour" : "Day"}</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="cell-number">
                    {s.label}
                  </th>
                ))}
                {points[0]?.more && (
                  <>
                    <th scope="col" className="cell-number">
                      Bounced
                    </th>
                    <th scope="col" className="cell-number">
                      Unsubscribed
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {points.map((d) => (
                <tr key={d.key}>
                  <th scope="row">{d.label}</th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="cell-number">
                      {formatNumber(d.values[s.key])}
                    </td>
                  ))}
                  {d.more && (
                    <>
                      <td className="cell-number">{formatNumber(d.more.bounced)}</td>
                      <td className="cell-number">{formatNumber(d.more.unsubscribes)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export function DailyChart({ daily }: { daily: CampaignReport["daily"] }) {
  if (daily.length === 0) return <p className="muted">Nothing has happened yet.</p>;
  const label = (day: string) => formatDate(`${day}T12:00:00Z`);
  return (
    <BarChart
      per="day"
      ticks={8}
      testId="daily-chart"
      points={daily.map((d) => ({
        key: d.day,
        label: label(d.day),
        tick: label(d.day),
        values: { sent: d.figures.sent, uniqueOpens: d.figures.uniqueOpens, uniqueClicks: d.figures.uniqueClicks },
        more: { bounced: d.figures.bounced, unsubscribes: d.figures.unsubscribes },
      }))}
    />
  );
}

/** The first 48 hours from the start of the send, hour by hour (the empty ones too: when people read it shows). */
export function HourlyChart({ hourly }: { hourly: CampaignReport["hourly"] }) {
  if (hourly.length === 0) return <p className="muted">Nothing has happened yet.</p>;
  return (
    <BarChart
      per="hour"
      ticks={8}
      testId="hourly-chart"
      points={hourly.map((h, i) => ({
        key: h.hour,
        label: formatHour(h.hour, true),
        tick: formatHour(h.hour, i === 0 || new Date(h.hour).getHours() < 6),
        values: h,
      }))}
    />
  );
}
