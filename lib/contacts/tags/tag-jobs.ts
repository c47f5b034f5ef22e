// Bulk changes in the background: tagging a segment's members (POST / DELETE /api/contacts/tags), and
// tagging, untagging or unsubscribing every contact of a dashboard view (POST /api/contacts/jobs; the
// view's text is matched in full, without the search's count cap). The job walks the brand's contacts by
// id in chunks, up to the last id that existed when it was accepted; each chunk is one write transaction
// that reads which contacts of the chunk are the job's now (members, or matching the view), changes them
// and records the progress, so a chunk is done entirely or not at all, and other writers (one contact at
// a time) interleave between chunks. A change to one chunk never moves another chunk's contacts in or out
// of the view, so every contact the view matched is changed, even when the change takes it out of the
// view (removing the tag the view filters on).
// A job is held by one process at a time through a lease (claimedUntil) that every chunk renews; a
// process that stops leaves the lease to lapse, and another one (or the same after a restart) resumes
// at the recorded cursor.
import { sqlReader, writeTransaction, writeStatement, type SqlRunner } from "@/lib/db/sql";
import { dateValue, jsonValue, numberValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { getSegmentGroups } from "@/lib/segments/get-segment";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import type { ConditionGroups } from "@/lib/segments/conditions";
import { filterWhere, type ContactFilter } from "../search-contacts";
import { applyUnsubscribe } from "../unsubscribe-contacts";
import { applyTags, type TagAction } from "./apply-tags";
import type { BulkJob, BulkJobRequest, TagJob } from "./schemas";

/** Contacts per chunk (members are a part of them). */
export const CHUNK = 5000;
const LEASE_MS = 60_000;
const POLL_MS = 2000;

type JobRow = {
  id: string;
  brandId: string;
  action: string;
  tags: unknown;
  segmentId: string | null;
  view: unknown;
  source: string | null;
  status: string;
  total: number | null;
  processed: unknown;
  changed: unknown;
  cursor: string | null;
  lastId: string;
  claimedUntil: unknown;
  error: string | null;
  createdAt: unknown;
  startedAt: unknown;
  finishedAt: unknown;
};

const COLUMNS = `"id", "brandId", "action", "tags", "segmentId", "view", "source", "status", "total", "processed", "changed", "cursor", "lastId", "claimedUntil", "error", "createdAt", "startedAt", "finishedAt"`;

export function toBulkJob(row: JobRow): BulkJob {
  return {
    id: row.id,
    action: row.action as BulkJob["action"],
    tags: jsonValue(row.tags) as string[],
    ...(row.segmentId ? { segmentID: row.segmentId } : {}),
    ...(row.view ? { view: jsonValue(row.view) as ContactFilter } : {}),
    status: row.status as BulkJob["status"],
    total: row.total === null ? null : numberValue(row.total),
    processed: numberValue(row.processed),
    changed: numberValue(row.changed),
    ...(row.error ? { error: row.error } : {}),
    createdAt: dateValue(row.createdAt).toISOString(),
    ...(row.startedAt ? { startedAt: dateValue(row.startedAt).toISOString() } : {}),
    ...(row.finishedAt ? { finishedAt: dateValue(row.finishedAt).toISOString() } : {}),
  };
}

/** A segment's tag job as GET /api/contacts/tags/jobs shows it (those jobs always have a segment and no view). */
export function toTagJob(row: JobRow): TagJob {
  const { view: _view, ...job } = toBulkJob(row);
  return { ...job, action: row.action as TagAction, segmentID: row.segmentId ?? "" };
}

/**
 * The bound of a new job: contacts created after it are not the job's. Ids are time-ordered only within
 * one process (the second, then per-process bits), so the bound is the brand's largest existing id when
 * that is later than a fresh one: a contact written in the same second by another process (an import,
 * another instance) is not left out.
 */
async function lastIdOf(brandId: string, now: Date): Promise<string> {
  const fresh = newId(now);
  const [top] = await sqlReader().all<{ id: string | null }>(`SELECT max("id") AS "id" FROM "Contact" WHERE "brandId" = ?`, [brandId]);
  return top?.id && top.id > fresh ? top.id : fresh;
}

async function insertJob(
  brandId: string,
  job: { action: string; tags: string[]; segmentId: string | null; view: ContactFilter | null; source: string | null },
): Promise<string> {
  const now = new Date();
  const id = newId(now);
  await writeStatement(
    `INSERT INTO "ContactTagJob" ("id", "brandId", "action", "tags", "segmentId", "view", "source", "status", "processed", "changed", "lastId", "createdAt")
     VALUES (?, ?, ?, ?json, ?, ?json, ?, 'queued', 0, 0, ?, ?ts)`,
    [
      id,
      brandId,
      job.action,
      JSON.stringify(job.tags),
      job.segmentId,
      job.view === null ? null : JSON.stringify(job.view),
      job.source,
      await lastIdOf(brandId, now),
      now,
    ],
  );
  wakeTagJobs();
  return id;
}

export async function createTagJob(brandId: string, action: TagAction, tags: string[], segmentId: string): Promise<TagJob> {
  const id = await insertJob(brandId, { action, tags, segmentId, view: null, source: null });
  return (await getTagJob(brandId, id))!;
}

/** A dashboard view's bulk job; a segment the view names must exist (404 otherwise). */
export async function createViewJob(brandId: string, request: BulkJobRequest, source: string): Promise<BulkJob> {
  if (request.view.segmentID !== undefined) await getSegmentGroups(brandId, request.view.segmentID);
  const tags = request.action === "unsubscribe" ? [] : [...new Set(request.tags)];
  const id = await insertJob(brandId, {
    action: request.action,
    tags,
    segmentId: request.view.segmentID ?? null,
    view: request.view,
    source,
  });
  return (await getBulkJob(brandId, id))!;
}

async function readJob(brandId: string, id: string, where = ""): Promise<JobRow | null> {
  const [row] = await sqlReader().all<JobRow>(`SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "id" = ? AND "brandId" = ?${where}`, [
    id,
    brandId,
  ]);
  if (!row) return null;
  // Someone is watching a job whose process stopped: pick it up here.
  if ((row.status === "queued" || row.status === "running") && (!row.claimedUntil || dateValue(row.claimedUntil).getTime() < Date.now()))
    wakeTagJobs();
  return row;
}

/** A segment's tag job (GET /api/contacts/tags/jobs/{id}); a view's job is not one. */
export async function getTagJob(brandId: string, id: string): Promise<TagJob | null> {
  const row = await readJob(brandId, id, ` AND "view" IS NULL`);
  return row && toTagJob(row);
}

export async function getBulkJob(brandId: string, id: string): Promise<BulkJob | null> {
  const row = await readJob(brandId, id);
  return row && toBulkJob(row);
}

export async function listTagJobs(brandId: string): Promise<TagJob[]> {
  const rows = await sqlReader().all<JobRow>(
    `SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "brandId" = ? AND "view" IS NULL ORDER BY "createdAt" DESC, "id" DESC LIMIT 20`,
    [brandId],
  );
  return rows.map(toTagJob);
}

/** The brand's latest 20 bulk jobs of every kind, newest first; with a segment, those on it. */
export async function listBulkJobs(brandId: string, segmentId?: string): Promise<BulkJob[]> {
  const rows = await sqlReader().all<JobRow>(
    `SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "brandId" = ?${segmentId === undefined ? "" : ` AND "segmentId" = ?`} ORDER BY "createdAt" DESC, "id" DESC LIMIT 20`,
    segmentId === undefined ? [brandId] : [brandId, segmentId],
  );
  return rows.map(toBulkJob);
}

class LostLease extends Error {}

/** Takes the job's lease when it is free (queued, or running with a lapsed lease); the lease, or null. */
async function claim(id: string): Promise<Date | null> {
  const now = new Date();
  const lease = new Date(now.getTime() + LEASE_MS);
  const count = await writeStatement(
    `UPDATE "ContactTagJob" SET "status" = 'running', "claimedUntil" = ?ts, "startedAt" = COALESCE("startedAt", ?ts)
     WHERE "id" = ? AND ("status" = 'queued' OR ("status" = 'running' AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)))`,
    [lease, now, id, now],
  );
  return count === 1 ? lease : null;
}

/** Renews the lease inside a chunk's transaction; throws when another process took the job. */
async function renew(tx: SqlRunner, id: string, lease: Date, sets: string, params: unknown[]): Promise<Date> {
  const next = new Date(Date.now() + LEASE_MS);
  const count = await tx.run(`UPDATE "ContactTagJob" SET ${sets}, "claimedUntil" = ?ts WHERE "id" = ? AND "claimedUntil" = ?ts`, [
    ...params,
    next,
    id,
    lease,
  ]);
  if (count !== 1) throw new LostLease(`tag job ${id} was taken over by another process`);
  return next;
}

/** The job's contacts as a SQL condition on alias c: the members of its segment, or the contacts of its view. */
type Selection = (sql: Sql) => Promise<string>;

async function selectionOf(row: JobRow): Promise<Selection> {
  if (row.view) {
    const view = jsonValue(row.view) as ContactFilter;
    // A deleted segment fails the job here rather than in a chunk.
    if (view.segmentID !== undefined) await getSegmentGroups(row.brandId, view.segmentID);
    return (sql) => filterWhere(row.brandId, view, sql);
  }
  const groups: ConditionGroups = await getSegmentGroups(row.brandId, row.segmentId ?? "");
  return async (sql) => `c."brandId" = ${sql.p(row.brandId, "text")} AND ${segmentSql(groups, sql, { brandId: row.brandId })}`;
}

/**
 * The job's contacts with ids in (from, to], created by the time it was accepted. The id bound alone is not
 * enough: another process's ids of the same second sort by that process's random part, so a contact
 * created after the job (a full run met it) can sort below a bound taken from the brand's
 * largest id. The range comes first: parameters are pushed in text order.
 */
async function chunkWhere(sql: Sql, selection: Selection, from: string, to: string, acceptedAt: Date): Promise<string> {
  const range = `c."id" > ${sql.p(from, "text")} AND c."id" <= ${sql.p(to, "text")} AND c."createdAt" <= ${sql.p(acceptedAt, "ts")}`;
  return `${range} AND ${await selection(sql)}`;
}

/** Applies the job's change to `ids` inside the chunk's transaction; the ids that changed. */
function change(tx: SqlRunner, row: JobRow, ids: string[]): Promise<string[]> {
  const now = new Date();
  if (row.action === "unsubscribe") return applyUnsubscribe(tx, row.brandId, ids, now, row.source ?? "api:session");
  return applyTags(tx, row.brandId, row.action as TagAction, jsonValue(row.tags) as string[], ids, now);
}

async function finish(id: string, lease: Date, status: "done" | "failed", error: string | null) {
  await writeStatement(
    `UPDATE "ContactTagJob" SET "status" = ?, "error" = ?, "finishedAt" = ?ts, "claimedUntil" = NULL,
       "total" = CASE WHEN ? = 'done' THEN "processed" ELSE "total" END
     WHERE "id" = ? AND "claimedUntil" = ?ts`,
    [status, error, new Date(), status, id, lease],
  );
}

const SEGMENT_GONE = "The segment was deleted before the job finished; the contacts changed until then keep the change";

/** Runs one job to its end (or until its lease is lost); resumes at its cursor. */
export async function runTagJob(id: string): Promise<void> {
  let lease = await claim(id);
  if (!lease) return;
  const [row] = await sqlReader().all<JobRow>(`SELECT ${COLUMNS} FROM "ContactTagJob" WHERE "id" = ?`, [id]);
  let selection: Selection;
  try {
    selection = await selectionOf(row);
  } catch (error) {
    await finish(id, lease, "failed", error instanceof ApiProblem ? SEGMENT_GONE : String(error));
    return;
  }
  try {
    let cursor = row.cursor ?? "";
    if (row.total === null) {
      const sql = new Sql();
      const [counted] = await sqlReader().all<{ n: unknown }>(
        `SELECT COUNT(*) AS n FROM "Contact" c WHERE ${await chunkWhere(sql, selection, cursor, row.lastId, dateValue(row.createdAt))}`,
        sql.params,
      );
      lease = await writeTransaction((tx) => renew(tx, id, lease!, `"total" = ?`, [numberValue(counted.n)]));
    }
    for (;;) {
      // The chunk's end: the CHUNK-th contact id after the cursor, or the job's last id.
      const [edge] = await sqlReader().all<{ id: string }>(
        `SELECT "id" FROM "Contact" WHERE "brandId" = ? AND "id" > ? AND "id" <= ? ORDER BY "id" LIMIT 1 OFFSET ${CHUNK - 1}`,
        [row.brandId, cursor, row.lastId],
      );
      const to = edge?.id ?? row.lastId;
      const from = cursor;
      // Built before the transaction: a view's text may read candidates first (search-contacts.ts), and a
      // read inside it would not see the transaction's own writes.
      const sql = new Sql();
      const where = await chunkWhere(sql, selection, from, to, dateValue(row.createdAt));
      lease = await writeTransaction(
        async (tx) => {
          const members = await tx.all<{ id: string }>(`SELECT c."id" FROM "Contact" c WHERE ${where}`, sql.params);
          const changed = await change(
            tx,
            row,
            members.map((m) => m.id),
          );
          return renew(tx, id, lease!, `"cursor" = ?, "processed" = "processed" + ?, "changed" = "changed" + ?`, [
            to,
            members.length,
            changed.length,
          ]);
          // A chunk that deadlocked with another writer of the same contacts (a request, another job) runs
          // again rather than failing the job (lib/db/sql.ts, retryConflicts).
        },
        { retryConflicts: true },
      );
      cursor = to;
      if (!edge) break;
      // Let requests and other writers in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await finish(id, lease, "done", null);
  } catch (error) {
    if (error instanceof LostLease) return;
    if (error instanceof ApiProblem) {
      await finish(id, lease, "failed", SEGMENT_GONE).catch(() => {});
      return;
    }
    console.error(`[tags] job ${id} failed`, error);
    await finish(id, lease, "failed", "The job stopped on an unexpected error; the contacts changed so far keep the change").catch(
      () => {},
    );
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
      [new Date()],
    );
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
