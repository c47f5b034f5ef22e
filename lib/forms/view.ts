// What the public side of a form is rendered from (lib/forms/public-view.ts): built from a stored form,
// with nothing of the brand's internals (no figures, no sender, no topic ids beyond the ones offered).
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { PublicFormView } from "./public-view";
import { FIELD_KINDS } from "./schemas";
import { formSelect, rowDefinition, type FormRow } from "./store";

/** The field a person never sees nor fills (bots fill every input they find). */
export const HONEYPOT_NAME = "company_website";

/** An active form by id (any brand: the public endpoints know no brand), else null. */
export async function findActiveForm(formId: string): Promise<FormRow | null> {
  if (!/^[0-9a-f]{24}$/.test(formId)) return null;
  const row = await db.form.findUnique({ where: { id: formId }, select: formSelect });
  return row && row.status === "active" ? row : null;
}

export function publicFormView(row: FormRow): PublicFormView {
  const d = rowDefinition(row);
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
    // The topics' names and descriptions come from lib/topics (findBrandTopics), wired at the merge with
    // the confirmation's call site (submit-form.ts, "MERGE: topics"); until then none are offered.
    topics: [],
    colours: d.colours,
    honeypotName: HONEYPOT_NAME,
  };
}
