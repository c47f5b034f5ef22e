// Creating, reading and changing a brand's subscription topics (deleting: delete-topic.ts).
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { ApiProblem } from "@/lib/http/problems";
import { findNameContaining, keysetPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { MAX_TOPICS, type Topic, type TopicInput, type TopicKind, type TopicListQuery, type TopicPatch } from "./schemas";

export const topicSelect = { id: true, name: true, description: true, kind: true, createdAt: true, updatedAt: true } as const;
type TopicRow = { id: string; name: string; description: string; kind: string; createdAt: Date; updatedAt: Date };

export function toTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as TopicKind,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const topicNotFound = () => new ApiProblem("not-found", "No subscription topic with this id");

function nameTaken(name: string) {
  return new ApiProblem("conflict", `The brand already has a topic named "${name}"`, {
    errors: [{ field: "name", pointer: "/name", code: "duplicate", message: `a topic named "${name}" already exists` }],
  });
}

export async function createTopic(brandId: string, input: TopicInput): Promise<Topic> {
  if ((await db.subscriptionTopic.count({ where: { brandId } })) >= MAX_TOPICS)
    throw new ApiProblem("conflict", `A brand keeps at most ${MAX_TOPICS} subscription topics; delete one first`);
  const now = new Date();
  try {
    const row = await db.subscriptionTopic.create({
      data: { id: newId(now), brandId, ...input, nameLower: input.name.toLowerCase(), createdAt: now, updatedAt: now },
      select: topicSelect,
    });
    return toTopic(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function getTopic(brandId: string, id: string): Promise<Topic> {
  const row = await db.subscriptionTopic.findFirst({ where: { id, brandId }, select: topicSelect });
  if (!row) throw topicNotFound();
  return toTopic(row);
}

export async function listTopics(brandId: string, query: TopicListQuery) {
  const needle = query.nameContains?.toLowerCase();
  const page = await keysetPage({
    sort: "createdAt",
    column: "createdAt",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row: TopicRow) => row.createdAt.toISOString(),
    toColumn: (value) => new Date(String(value)),
    fetch: (args) => {
      const find = (found: typeof args) =>
        db.subscriptionTopic.findMany({ ...found, where: { brandId, ...found.where }, select: { ...topicSelect, nameLower: true } });
      return needle ? findNameContaining(needle, args, find) : find(args);
    },
  });
  return { subscriptionTopics: page.rows.map(toTopic), paging: page.paging };
}

/** Every topic of the brand, oldest first (at most MAX_TOPICS): the dashboard, the preferences page. */
export async function allTopics(brandId: string): Promise<Topic[]> {
  const rows = await db.subscriptionTopic.findMany({
    where: { brandId },
    select: topicSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toTopic);
}

export async function updateTopic(brandId: string, id: string, patch: TopicPatch): Promise<Topic> {
  if ((await db.subscriptionTopic.count({ where: { id, brandId } })) === 0) throw topicNotFound();
  try {
    const row = await db.subscriptionTopic.update({
      where: { id, brandId },
      data: { ...patch, ...(patch.name !== undefined ? { nameLower: patch.name.toLowerCase() } : {}), updatedAt: new Date() },
      select: topicSelect,
    });
    return toTopic(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(patch.name ?? "");
    throw error;
  }
}
