"use client";
// This campaign beside the brand's last five (open rate, click rate, revenue per recipient), newest first,
// with their average (the report's comparisonAverage: their counts summed, so each weighs by its
// recipients): a table (it stacks into cards on a phone), each rate with a bar scaled to the highest of
// the column so the eye finds the outlier.
import Link from "next/link";
import { formatDate, formatMoney } from "@/components/ui/format";
import type { CampaignReport } from "../campaigns-client";
import { formatRate } from "../campaign-words";

type Row = CampaignReport["comparison"][number];
const COLUMNS = [
  { key: "openRate", label: "Open rate", show: (v: number) => formatRate(v) },
  { key: "clickRate", label: "Click rate", show: (v: number) => formatRate(v) },
  { key: "revenuePerRecipient", label: "Revenue per recipient", show: (v: number, c: string) => formatMoney(v, c) },
] as const;

export function Comparison({ report }: { report: CampaignReport }) {
  const rows = report.comparison;
  const average = report.comparisonAverage;
  const highest = Object.fromEntries(COLUMNS.map((c) => [c.key, Math.max(0, ...rows.map((r) => r[c.key]))]));
  const cell = (row: Pick<Row, (typeof COLUMNS)[number]["key"]>, c: (typeof COLUMNS)[number]) => (
    <td key={c.key} className="cell-number" data-label={c.label}>
      {/* one child: a stacked row's cell is a flex line of its label and this */}
      <span className="comparison-cell">
        <span className="comparison-value">{c.show(row[c.key], report.currency)}</span>
        <span className="comparison-bar" aria-hidden="true">
          <span style={{ width: `${highest[c.key] > 0 ? Math.round((row[c.key] / highest[c.key]) * 100) : 0}%` }} />
        </span>
      </span>
    </td>
  );
  return (
    <section className="card stack" aria-labelledby="report-comparison-title" data-testid="comparison">
      <h2 id="report-comparison-title" className="card-title">
        Compared with your last five campaigns
      </h2>
      {average === null ? (
        <p className="muted">This is the brand&apos;s first campaign: there is nothing to compare it with yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack table-compact comparison-table">
            <caption className="visually-hidden">
              Open rate, click rate and revenue per recipient of this campaign and the last five
            </caption>
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" className="cell-number">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.campaignID} className={r.current ? "comparison-current" : undefined}>
                  <th scope="row" data-label="Campaign">
                    <span>
                      {r.current ? <strong>This campaign</strong> : <Link href={`/campaigns/${r.campaignID}/report`}>{r.name}</Link>}
                      <span className="muted small"> · {formatDate(r.startedAt)}</span>
                    </span>
                  </th>
                  {COLUMNS.map((c) => cell(r, c))}
                </tr>
              ))}
              <tr className="comparison-average">
                <th scope="row" data-label="Campaign">
                  Average of the {average.campaigns === 1 ? "earlier campaign" : `${average.campaigns} earlier campaigns`}
                </th>
                {COLUMNS.map((c) => cell(average, c))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
