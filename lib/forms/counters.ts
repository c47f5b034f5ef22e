// A form's counters (FormCounter): views, submissions, confirmations, dropped:<reason>, rejected:<code>,
// kept as they happen (one upsert each, inside the caller's transaction where there is one) and summed
// into the figures on read, never counted over submissions.
import { sqlReader, writeStatement, type SqlRunner } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import type { FormFigures } from "./schemas";

export type FormMetric = "views" | "submissions" | "confirmations" | `dropped:${string}` | `rejected:${string}`;

const BUMP = `INSERT INTO "FormCounter" ("formId", "metric", "brandId", "count") VALUES (?, ?, ?, ?int)
  ON CONFLICT ("formId", "metric") DO UPDATE SET "count" = "FormCounter"."count" + excluded."count"`;

/** Adds to a counter, in `tx` when given (the change it counts commits with it), else on its own. */
export async function bumpCounter(form: { id: string; brandId: string }, metric: FormMetric, tx?: SqlRunner, by = 1): Promise<void> {
  const params = [form.id, metric, form.brandId, by];
  if (tx) await tx.run(BUMP, params);
  else await writeStatement(BUMP, params);
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The figures of each form (every id gets one, zeros without counters). */
export async function formFigures(brandId: string, formIds: string[]): Promise<Map<string, FormFigures>> {
  const figures = new Map<string, FormFigures>(
    formIds.map((id) => [id, { views: 0, submissions: 0, confirmations: 0, conversion: 0, dropped: {}, rejected: {} }]),
  );
  if (formIds.length === 0) return figures;
  const rows = await sqlReader().all<{ formId: string; metric: string; count: unknown }>(
    `SELECT "formId", "metric", "count" FROM "FormCounter" WHERE "brandId" = ? AND "formId" IN (${formIds.map(() => "?").join(", ")})`,
    [brandId, ...formIds],
  );
  for (const r of rows) {
    const f = figures.get(r.formId)!;
    const n = numberValue(r.count);
    if (r.metric === "views" || r.metric === "submissions" || r.metric === "confirmations") f[r.metric] = n;
    else if (r.metric.startsWith("dropped:")) f.dropped[r.metric.slice(8)] = n;
    else if (r.metric.startsWith("rejected:")) f.rejected[r.metric.slice(9)] = n;
  }
  for (const f of figures.values()) f.conversion = f.views > 0 ? round4(f.confirmations / f.views) : 0;
  return figures;
}
