// A brand's forms (/api/forms): create, read, list (newest first), change, delete. Every query is scoped
// by brand; another brand's form is "not found".
import { findBrandTopics } from "@/lib/topics/subscribe";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { assertVerifiedSender } from "@/lib/delivery";
import { keysetPage } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { cursorDate } from "@/lib/templates/list-templates";
import { formFigures } from "./counters";
import { laneState } from "./lane";
import type { Form, FormDefinition, FormFigures, FormInput, FormPatch, ListFormsQuery } from "./schemas";

export const formSelect = {
  id: true,
  brandId: true,
  name: true,
  status: true,
  doubleOptIn: true,
  topicIds: true,
  definition: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type FormRow = {
  id: string;
  brandId: string;
  name: string;
  status: string;
  doubleOptIn: boolean;
  topicIds: unknown;
  definition: unknown;
  createdAt: Date;
  updatedAt: Date;
};

export const formNotFound = () => new ApiProblem("not-found", "No such form in this brand");

export const publicURL = (id: string) => `${config().appOrigin}/f/${id}`;

export function embedSnippet(id: string): string {
  const origin = config().appOrigin;
  return `<div id="inkwell-form-${id}"></div>\n<script src="${origin}/f/${id}/embed.js" async></script>`;
}

/** The stored definition with email first and required, whatever was given. */
function definitionOf(input: Pick<FormInput, "fields" | "texts" | "colours" | "display" | "sender">): FormDefinition {
  const email = input.fields.find((f) => f.name === "email");
  const fields = [
    { name: "email" as const, label: email?.label ?? "Email", required: true },
    ...input.fields.filter((f) => f.name !== "email"),
  ];
  const display =
    input.display.mode === "popup" && !input.display.trigger
      ? { mode: "popup" as const, trigger: { type: "delay" as const, seconds: 5 } }
      : input.display.mode === "popup"
        ? input.display
        : { mode: input.display.mode, trigger: null };
  return { fields, texts: input.texts, colours: input.colours, display, sender: input.sender };
}

async function checkSender(brandId: string, sender: FormDefinition["sender"]): Promise<void> {
  if (!sender) return;
  try {
    await assertVerifiedSender(brandId, sender.email, "live");
  } catch (error) {
    if (error instanceof ApiProblem && error.code === "sender-unverified")
      throw new ApiProblem("sender-unverified", error.detail, {
        errors: [
          { field: "sender.email", pointer: "/sender/email", code: "unverified", message: "is not a verified sender of this brand" },
        ],
      });
    throw error;
  }
}

export const rowDefinition = (row: FormRow) => row.definition as FormDefinition;
export const rowTopics = (row: FormRow) => (Array.isArray(row.topicIds) ? (row.topicIds as string[]) : []);

function toForm(row: FormRow, figures: FormFigures, lane: Form["confirmationLane"]): Form {
  const d = rowDefinition(row);
  return {
    id: row.id,
    name: row.name,
    doubleOptIn: row.doubleOptIn,
    topicIDs: rowTopics(row),
    fields: d.fields,
    texts: d.texts,
    colours: d.colours,
    display: d.display,
    sender: d.sender,
    status: row.status === "paused" ? "paused" : "active",
    publicURL: publicURL(row.id),
    embedSnippet: embedSnippet(row.id),
    figures,
    confirmationLane: lane,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withFigures(brandId: string, rows: FormRow[]): Promise<Form[]> {
  const [figures, lane] = await Promise.all([
    formFigures(
      brandId,
      rows.map((r) => r.id),
    ),
    laneState(brandId),
  ]);
  return rows.map((r) => toForm(r, figures.get(r.id)!, lane));
}

export async function findFormRow(brandId: string, id: string): Promise<FormRow | null> {
  return db.form.findFirst({ where: { id, brandId }, select: formSelect });
}

export async function getForm(brandId: string, id: string): Promise<Form> {
  const row = await findFormRow(brandId, id);
  if (!row) throw formNotFound();
  return (await withFigures(brandId, [row]))[0];
}

export async function createForm(brandId: string, input: FormInput): Promise<Form> {
  const definition = definitionOf(input);
  await checkSender(brandId, definition.sender);
  await findBrandTopics(db, brandId, input.topicIDs);
  const now = new Date();
  const row = await db.form.create({
    data: {
      id: newId(now),
      brandId,
      name: input.name,
      status: input.status,
      doubleOptIn: input.doubleOptIn,
      topicIds: input.topicIDs,
      definition,
      createdAt: now,
      updatedAt: now,
    },
    select: formSelect,
  });
  return (await withFigures(brandId, [row]))[0];
}

export async function updateForm(brandId: string, id: string, patch: FormPatch): Promise<Form> {
  const row = await findFormRow(brandId, id);
  if (!row) throw formNotFound();
  const old = rowDefinition(row);
  const definition = definitionOf({
    fields: patch.fields ?? old.fields,
    texts: { ...old.texts, ...patch.texts },
    colours: { ...old.colours, ...patch.colours },
    display: patch.display ?? old.display,
    sender: patch.sender === undefined ? old.sender : patch.sender,
  });
  if (patch.sender) await checkSender(brandId, definition.sender);
  if (patch.topicIDs !== undefined) await findBrandTopics(db, brandId, patch.topicIDs);
  const { count } = await db.form.updateMany({
    where: { id, brandId },
    data: {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.doubleOptIn !== undefined ? { doubleOptIn: patch.doubleOptIn } : {}),
      ...(patch.topicIDs !== undefined ? { topicIds: patch.topicIDs } : {}),
      definition,
      updatedAt: new Date(),
    },
  });
  if (count === 0) throw formNotFound();
  return getForm(brandId, id);
}

/** Deletes the form and its counters; its submissions stay (they are the contacts' consent records). */
export async function deleteForm(brandId: string, id: string): Promise<void> {
  const { count } = await db.form.deleteMany({ where: { id, brandId } });
  if (count === 0) throw formNotFound();
  await db.formCounter.deleteMany({ where: { formId: id, brandId } });
}

export async function listForms(brandId: string, query: ListFormsQuery): Promise<{ forms: Form[]; paging: unknown }> {
  const page = await keysetPage({
    sort: "createdAt",
    column: "createdAt",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row: FormRow) => row.createdAt.toISOString(),
    toColumn: cursorDate,
    fetch: (args) => db.form.findMany({ ...args, where: { brandId, ...args.where }, select: formSelect }),
  });
  return { forms: await withFigures(brandId, page.rows), paging: page.paging };
}
