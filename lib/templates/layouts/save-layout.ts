// Create and replace a universal layout: the section shape (zod) and the same section rules as templates.
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import { combineErrors, validationFailed } from "../parse-template-input";
import { checkLayoutRules } from "../validate-template";
import { LayoutInput, SNAPSHOT_STATE, type Layout } from "./schema";

export const layoutSelect = { id: true, name: true, content: true, createdAt: true, updatedAt: true } as const;

export function toLayout(row: { id: string; name: string; content: unknown; createdAt: Date; updatedAt: Date }): Layout {
  return {
    id: row.id,
    name: row.name,
    content: row.content as Layout["content"],
    snapshotState: SNAPSHOT_STATE,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parseLayout(raw: unknown): LayoutInput {
  const parsed = LayoutInput.safeParse(raw, { reportInput: true });
  const content = raw && typeof raw === "object" ? (raw as { content?: unknown }).content : undefined;
  const errors = combineErrors(parsed.success ? [] : parsed.error.issues, checkLayoutRules(content, ["content"]));
  if (errors.length > 0 || !parsed.success) throw validationFailed(errors);
  return parsed.data;
}

const columns = (input: LayoutInput) => ({ name: input.name, nameLower: input.name.toLowerCase(), content: input.content });

export async function createLayout(brandId: string, raw: unknown): Promise<Layout> {
  const input = parseLayout(raw);
  return toLayout(await db.universalLayout.create({ data: { id: newId(), brandId, ...columns(input) }, select: layoutSelect }));
}

export async function replaceLayout(brandId: string, id: string, raw: unknown): Promise<Layout> {
  if ((await db.universalLayout.count({ where: { id, brandId } })) === 0) throw layoutNotFound();
  const input = parseLayout(raw);
  return toLayout(await db.universalLayout.update({ where: { id, brandId }, data: columns(input), select: layoutSelect }));
}

export const layoutNotFound = () => new ApiProblem("not-found", "No universal layout with this id in your brand");
