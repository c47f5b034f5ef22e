// What the public side of a form is rendered from (lib/forms/public-view.ts): built from a stored form,
// with nothing of the brand's internals (no figures, no sender, no topic ids beyond the ones offered).
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { boolValue, dateValue, jsonValue } from "@/lib/db/values";
import type { PublicFormView } from "./public-view";
import { FIELD_KINDS } from "./schemas";
import { formSelect, rowDefinition, rowTopics, type FormRow } from "./store";

/** The field a person never sees nor fills (bots fill every input they find). */
export const HONEYPOT_NAME = "company_website";

/** An active form by id (any brand: the public endpoints know no brand), else null. */
export async function findActiveForm(formId: string): Promise<FormRow | null> {
  if (!/^[0-9a-f]{24}$/.test(formId)) return null;
  // Raw SQL (the columns of formSelect): every submission and challenge reads the form, and a Prisma read
  // cost about 0.2 ms of CPU, a tenth of a submission (bench:forms).
  const [row] = await sqlReader().all<Record<keyof typeof formSelect, unknown>>(
    `SELECT "id", "brandId", "name", "status", "doubleOptIn", "topicIds", "definition", "createdAt", "updatedAt" FROM "Form" WHERE "id" = ?`,
    [formId],
  );
  if (!row || row.status !== "active") return null;
  return {
    id: String(row.id),
    brandId: String(row.brandId),
    name: String(row.name),
    status: String(row.status),
    doubleOptIn: boolValue(row.doubleOptIn),
    topicIds: jsonValue(row.topicIds),
    definition: jsonValue(row.definition),
    createdAt: dateValue(row.createdAt),
    updatedAt: dateValue(row.updatedAt),
  };
}

export async function publicFormView(row: FormRow): Promise<PublicFormView> {
  const d = rowDefinition(row);
  const topics = await offeredTopics(row);
  const origin = config().appOrigin;
  return {
    formID: row.id,
    actionURL: `${origin}/f/${row.id}`,
    challengeURL: `${origin}/f/${row.id}/challenge`,
    mode: d.display.mode,
    trigger: d.display.mode === "popup" ? d.display.trigger : null,
    title: d.texts.title,
    description: d.texts.description,
    button: d.texts.button,
    success: d.texts.success,
    consent: d.texts.consent,
    fields: d.fields.map((f) => ({
      name: f.name,
      label: f.label,
      type: FIELD_KINDS[f.name].type,
      required: f.name === "email" || f.required,
      autocomplete: FIELD_KINDS[f.name].autocomplete,
    })),
    topics,
    colours: d.colours,
    honeypotName: HONEYPOT_NAME,
  };
}

/** The form's topics that still exist, in the form's order (a deleted topic is no longer offered). */
async function offeredTopics(row: FormRow): Promise<PublicFormView["topics"]> {
  const ids = rowTopics(row);
  if (ids.length === 0) return [];
  const rows = await db.subscriptionTopic.findMany({
    where: { brandId: row.brandId, id: { in: ids } },
    select: { id: true, name: true, description: true },
  });
  const byId = new Map(rows.map((t) => [t.id, t]));
  return ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [{ id: t.id, name: t.name, description: t.description ?? "" }] : [];
  });
}
