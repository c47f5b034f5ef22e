// What the public side of a form is rendered from (lib/forms/public-view.ts): built from a stored form,
// with nothing of the brand's internals (no figures, no sender, no topic ids beyond the ones offered).
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { PublicFormView } from "./public-view";
import { FIELD_KINDS } from "./schemas";
import { formSelect, rowDefinition, rowTopics, type FormRow } from "./store";

/** The field a person never sees nor fills (bots fill every input they find). */
export const HONEYPOT_NAME = "company_website";

/** An active form by id (any brand: the public endpoints know no brand), else null. */
export async function findActiveForm(formId: string): Promise<FormRow | null> {
  if (!/^[0-9a-f]{24}$/.test(formId)) return null;
  const row = await db.form.findUnique({ where: { id: formId }, select: formSelect });
  return row && row.status === "active" ? row : null;
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
