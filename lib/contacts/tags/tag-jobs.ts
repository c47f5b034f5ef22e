// Tagging a segment's members in the background. The job walks the brand's contacts by id in chunks,
// up to the last id that existed when it was accepted; each chunk is one write transaction that reads
// which contacts of the chunk are members now, changes their tags and records the progress, so a chunk
// is done entirely or not at all, and other writers (one contact at a time) interleave between chunks.
// A job is held by one process at a time through a lease (claimedUntil) that every chunk renews; a
// process that stops leaves the lease to lapse, and another one (or the same after a restart) resumes
// at the recorded cursor.
import { sqlReader, writeTransaction, writeStatement, type SqlRunner } from "@/lib/db/sql";
import { dateValue, jsonValue, numberValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { getSegmentGroups } from "@/lib/segments/get-segment";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/segments/sql";
import type { ConditionGroups } from "@/lib/segments/conditions";
import { applyTags, type TagAction } from "./apply-tags";
import type { TagJob } from "./schemas";

/** Contacts per chunk (members are a part of them). */
export const CHUNK = 5000;
const LEASE_MS = 60_000;
const POLL_MS = 2000;

type JobRow = {
  id: string; brandId: string; action: string; tags: unknown; segmentId: string; status: string;
  total: number | null; processed: unknown; changed: unknown; cursor: string | null; lastId: string;
  claimedUntil: unknown; error: string | null; createdAt: unknown; startedAt: unknown; finishedAt: unknown;
};

const COLUMNS = `"id", "brandId", "action", "tags", "segmentId", "status", "total", "processed", "changed", "cursor", "lastId", "claimedUntil", "error", "createdAt", "startedAt", "finishedAt"`;

export function toTagJob(row: JobRow): TagJob {
  return {
    id: row.id,
    action: row.action as TagAction,
    tags: jsonValue(row.tags) as string[],
    segmentID: row.segmentId,
    status: row.status as TagJob["status"],
    total: row.total === null ? null : numberValue(row.total),
    processed: numberValue(row.processed),
    changed: numberValue(row.changed),
    ...(row.error ? { error: row.error } : {}),
    createdAt: dateValue(row.createdAt).toISOString(),
    ...(row.startedAt ? { startedAt: dateValue(row.startedAt).toISOString() } : {}),
    ...(row.finishedAt ? { finishedAt: dateValue(row.finishedAt).toISOString() } : {}),
  };
}

export async function createTagJob(brandId: string, action: TagAction, tags: string[], segmentId: string): Promise<TagJob> {
  const now = new Date();
  const id = newId(now);
  // Contacts created after the job are not the job's. Ids are time-ordered only within one process (the
  // second, then per-process bits), so the bound is the brand's largest existing id when that is later
  // than a fresh one: a contact written in the same second by another process (an import, another
  // instance) is not left out.
  const fresh = newId(now);
  const [top] = await sqlReader().all<{ id: string | null }>(`SELECT max("id") AS "id" FROM "Contact" WHERE "brandId" = ?`, [brandId]);
  const lastId = top?.id && top.id > fresh ? top.id : fresh;
  await writeStatement(
    `INSERT INTO "ContactTagJob" ("id", "brandId", "action", "tags", "segmentId", "status", "processed", "changed", "lastId", "createdAt")
     VALUES (?, ?, ?, ?json, ?, 'queued', 0, 0, ?, ?ts)`,
    [id, brandId, action, JSON.stringify(tags), segmentId, lastId, now]);
  wakeTagJobs();
  return (await getTagJob(brandId, id))!;
}

export async function getTagJob(brandId: string, id: string): Promise<TagJob | null> {
  const [row] = await sqlReader().all<JobRow>(`SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "id" = ? AND "brandId" = ?`, [id, brandId]);
  if (!row) return null;
  // Someone is watching a job whose process stopped: pick it up here.
  if ((row.status === "queued" || row.status === "running") && (!row.claimedUntil || dateValue(row.claimedUntil).getTime() < Date.now())) wakeTagJobs();
  return toTagJob(row);
}

export async function listTagJobs(brandId: string): Promise<TagJob[]> {
  const rows = await sqlReader().all<JobRow>(`SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "brandId" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT 20`, [brandId]);
  return rows.map(toTagJob);
}

class LostLease extends Error {}

/** Takes the job's lease when it is free (queued, or running with a lapsed lease); the lease, or null. */
async function claim(id: string): Promise<Date | null> {
  const now = new Date();
  const lease = new Date(now.getTime() + LEASE_MS);
  const count = await writeStatement(
    `UPDATE "ContactTagJob" SET "status" = 'running', "claimedUntil" = ?ts, "startedAt" = COALESCE("startedAt", ?ts)
     WHERE "id" = ? AND ("status" = 'queued' OR ("status" = 'running' AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)))`,
    [lease, now, id, now]);
  return count === 1 ? lease : null;
}

/** Renews the lease inside a chunk's transaction; throws when another process took the job. */
async function renew(tx: SqlRunner, id: string, lease: Date, sets: string, params: unknown[]): Promise<Date> {
  const next = new Date(Date.now() + LEASE_MS);
  const count = await tx.run(`UPDATE "ContactTagJob" SET ${sets}, "claimedUntil" = ?ts WHERE "id" = ? AND "claimedUntil" = ?ts`, [...params, next, id, lease]);
  if (count !== 1) throw new LostLease(`tag job ${id} was taken over by another process`);
  return next;
}

function membersWhere(sql: Sql, brandId: string, groups: ConditionGroups, from: string, to: string): string {
  return `c."brandId" = ${sql.p(brandId, "text")} AND c."id" > ${sql.p(from, "text")} AND c."id" <= ${sql.p(to, "text")} AND ${segmentSql(groups, sql, { brandId })}`;
}

async function finish(id: string, lease: Date, status: "done" | "failed", error: string | null) {
  await writeStatement(
    `UPDATE "ContactTagJob" SET "status" = ?, "error" = ?, "finishedAt" = ?ts, "claimedUntil" = NULL,
       "total" = CASE WHEN ? = 'done' THEN "processed" ELSE "total" END
     WHERE "id" = ? AND "claimedUntil" = ?ts`,
    [status, error, new Date(), status, id, lease]);
}

/** Runs one job to its end (or until its lease is lost); resumes at its cursor. */
export async function runTagJob(id: string): Promise<void> {
  let lease = await claim(id);
  if (!lease) return;
  const [row] = await sqlReader().all<JobRow>(`SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "id" = ?`, [id]);
  const tags = jsonValue(row.tags) as string[];
  let groups: ConditionGroups;
  try {
    groups = await getSegmentGroups(row.brandId, row.segmentId);
  } catch (error) {
    await finish(id, lease, "failed", error instanceof ApiProblem ? `The segment was deleted before its contacts were tagged` : String(error));
    return;
  }
  try {
    let cursor = row.cursor ?? "";
    if (row.total === null) {
      const sql = new Sql();
      const [counted] = await sqlReader().all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "Contact" c WHERE ${membersWhere(sql, row.brandId, groups, cursor, row.lastId)}`, sql.params);
      lease = await writeTransaction((tx) => renew(tx, id, lease!, `"total" = ?`, [numberValue(counted.n)]));
    }
    for (;;) {
      // The chunk's end: the CHUNK-th contact id after the cursor, or the job's last id.
      const [edge] = await sqlReader().all<{ id: string }>(
        `SELECT "id" FROM "Contact" WHERE "brandId" = ? AND "id" > ? AND "id" <= ? ORDER BY "id" LIMIT 1 OFFSET ${CHUNK - 1}`,
        [row.brandId, cursor, row.lastId]);
      const to = edge?.id ?? row.lastId;
      const from = cursor;
      lease = await writeTransaction(async (tx) => {
        const sql = new Sql(tx.kind);
        const members = await tx.all<{ id: string }>(`SELECT c."id" FROM "Contact" c WHERE ${membersWhere(sql, row.brandId, groups, from, to)}`, sql.params);
        const changed = await applyTags(tx, row.brandId, row.action as TagAction, tags, members.map((m) => m.id), new Date());
        return renew(tx, id, lease!, `"cursor" = ?, "processed" = "processed" + ?, "changed" = "changed" + ?`, [to, members.length, changed.length]);
      });
      cursor = to;
      if (!edge) break;
      // Let requests and other writers in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await finish(id, lease, "done", null);
  } catch (error) {
    if (error instanceof LostLease) return;
    console.error(`[tags] job ${id} failed`, error);
    await finish(id, lease, "failed", "Tagging stopped on an unexpected error; the contacts tagged so far keep their tags").catch(() => {});
  }
}

// ---- the runner: one job at a time per process, woken when a job is accepted here, and every few
// seconds for jobs whose process stopped.

let timer: NodeJS.Timeout | null = null;
let busy: Promise<void> | null = null;
let again = false;

async function drain(): Promise<void> {
  do {
    again = false;
    const due = await sqlReader().all<{ id: string }>(
      `SELECT "id" FROM "ContactTagJob" WHERE "status" IN ('queued', 'running') AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts) ORDER BY "createdAt" LIMIT 10`,
      [new Date()]);
    for (const { id } of due) await runTagJob(id);
  } while (again);
}

/** Looks for due jobs now (a job was accepted in this process, or someone watches a stalled one). */
export function wakeTagJobs(): void {
  if (busy) {
    again = true;
    return;
  }
  busy = drain()
    .catch((error) => console.error("[tags] runner", error))
    .finally(() => {
      busy = null;
    });
}

/** Starts the periodic look for jobs a stopped process left behind. */
export function startTagJobRunner(): { stop(): Promise<void> } {
  timer ??= setInterval(wakeTagJobs, POLL_MS);
  timer.unref();
  wakeTagJobs();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await busy;
    },
  };
}
