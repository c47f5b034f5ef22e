// The batches crash test: senders post batches of contacts and of events while the server is killed
// with SIGKILL, the server starts again on the same database, and every batch that got its 201 must be
// stored and processed exactly once: each item has one result, every contact item created its contact
// (201: a contact upserted twice would have answered 200 the second time), every event item's event (its
// eventID, unique per item) is stored as exactly one contact event, whatever id it got, and no other
// event exists. "In flight" is read from the database after the kill (nothing changes it then): the
// batches that got their 201 and were not finished when the server died.
// Run by tests/api/batches-crash.test.ts (SQLite, or PostgreSQL when TEST_POSTGRES_URL is set).
import { randomUUID } from "node:crypto";
import { startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { killHard } from "./crash-scenario";
import { query } from "./inbox-queries";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ITEMS = 20;

export type BatchCrashResult = {
  accepted: number;
  acceptedItems: number;
  inFlightAtKill: number;
  failedRequests: number;
  missing: string[];
  unfinished: string[];
  itemsWithoutResult: number;
  wrongResults: string[];
  duplicateContacts: number;
  eventsNotOnce: number;
  strayEvents: number;
};

function contactBatch(lane: number, n: number) {
  return {
    endpoint: "contacts",
    method: "POST",
    items: Array.from({ length: ITEMS }, (_, i) => ({
      identifiers: [{ type: "email", id: `crash-${lane}-${n}-${i}@example.com`, channels: { email: { status: "subscribed" } } }],
      firstName: `Crash ${i}`,
      tags: ["crash"],
    })),
  };
}

function eventBatch(lane: number, n: number) {
  return {
    endpoint: "events",
    method: "POST",
    origin: "crash-test",
    items: Array.from({ length: ITEMS }, (_, i) => ({
      eventName: "imported order",
      eventID: randomUUID(),
      contact: { email: `buyer-${lane}-${i % 5}@example.com` },
      properties: { n, i },
    })),
  };
}

export async function runBatchCrashScenario(log: (line: string) => void = () => {}): Promise<BatchCrashResult> {
  const env = { RATE_LIMIT_PER_MINUTE: "1000000000", EVENTS_CLAIM_LEASE_MS: "3000" };
  let server = await startTestServer({ label: "batch-crash", env });
  const databaseUrl = server.databaseUrl;
  const { brandId, key } = createBrandAndKey(databaseUrl);
  const accepted = new Map<string, string>(); // batchID -> endpoint
  let failedRequests = 0;
  let running = true;

  const sender = async (lane: number) => {
    for (let n = 0; running; n++) {
      const body = lane % 2 === 0 ? contactBatch(lane, n) : eventBatch(lane, n);
      try {
        const res = await fetch(`${server.baseUrl}/api/batches`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
          body: JSON.stringify(body),
        });
        if (res.status === 201) accepted.set((await res.json()).batchID, body.endpoint);
        else failedRequests++;
      } catch {
        failedRequests++;
        await sleep(20);
      }
    }
  };
  const senders = Array.from({ length: 8 }, (_, lane) => sender(lane));
  // Kill once the load is well under way, while batches are being processed.
  const deadline = Date.now() + 60_000;
  while (accepted.size < 40 && Date.now() < deadline) await sleep(50);
  killHard(server);
  await sleep(300);
  running = false;
  await Promise.all(senders);
  // The server is dead and the senders have stopped: the stored statuses are those of the moment of the kill.
  const unfinishedAtKill = new Set(
    (await query<{ id: string }>(databaseUrl, `SELECT "id" FROM "Batch" WHERE "status" <> 'finished'`)).map((b) => b.id),
  );
  const inFlightAtKill = [...accepted.keys()].filter((id) => unfinishedAtKill.has(id)).length;
  log(`killed the server with SIGKILL after ${accepted.size} batches got a 201 (${inFlightAtKill} of them not finished then)`);

  server = await startTestServer({ label: "batch-crash", env, databaseUrl });
  try {
    log(`restarted; ${accepted.size} batches got a 201, ${failedRequests} requests failed`);
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const open = await query<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS n FROM "Batch" WHERE "status" <> 'finished'`);
      const pendingEvents = await query<{ n: number | string }>(
        databaseUrl,
        `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`,
      );
      if (Number(open[0].n) === 0 && Number(pendingEvents[0].n) === 0) break;
      await sleep(250);
    }
    const batches = await query<{ id: string; status: string }>(databaseUrl, `SELECT "id", "status" FROM "Batch"`);
    const stored = new Map(batches.map((b) => [b.id, b.status]));
    const missing = [...accepted.keys()].filter((id) => !stored.has(id));
    const unfinished = [...accepted.keys()].filter((id) => stored.get(id) !== "finished");
    const items = await query<{ id: string; batchId: string; status: string; responseCode: number | string | null; request: string }>(
      databaseUrl,
      `SELECT "id", "batchId", "status", "responseCode", "request" FROM "BatchItem"`,
    );
    const acceptedItems = items.filter((i) => accepted.has(i.batchId));
    const expectedCode = (i: { batchId: string }) => (accepted.get(i.batchId) === "contacts" ? 201 : 202);
    const wrongResults = acceptedItems
      .filter((i) => i.status !== "pending" && Number(i.responseCode) !== expectedCode(i))
      .map((i) => `${i.id}: ${i.responseCode}`);
    const contacts = await query<{ value: string; n: number | string }>(
      databaseUrl,
      `SELECT "value", COUNT(*) AS n FROM "ContactIdentifier" WHERE "brandId" = '${brandId}' AND "value" LIKE 'crash-%' GROUP BY "value"`,
    );
    const eventItems = new Set(
      items
        .filter((i) => stored.has(i.batchId) && accepted.get(i.batchId) !== "contacts" && i.request.includes("imported order"))
        .map((i) => i.id),
    );
    const inbox = await query<{ id: string }>(databaseUrl, `SELECT "id" FROM "EventInbox" WHERE "brandId" = '${brandId}'`);
    // Contact events per event item's eventID: an item processed twice (under a second id) shows as 2.
    const perEventID = await query<{ eventID: string | null; n: number | string }>(
      databaseUrl,
      `SELECT "eventID", COUNT(*) AS n FROM "ContactEvent" WHERE "brandId" = '${brandId}' GROUP BY "eventID"`,
    );
    const eventsPerEventID = new Map(perEventID.map((e) => [e.eventID, Number(e.n)]));
    const acceptedEventItems = acceptedItems.filter((i) => accepted.get(i.batchId) === "events");
    const eventIdOf = (item: { request: string }) => (JSON.parse(item.request) as { eventID?: string }).eventID;
    return {
      accepted: accepted.size,
      acceptedItems: acceptedItems.length,
      inFlightAtKill,
      failedRequests,
      missing,
      unfinished,
      itemsWithoutResult: acceptedItems.filter((i) => i.status === "pending").length,
      wrongResults,
      duplicateContacts: contacts.filter((c) => Number(c.n) !== 1).length,
      eventsNotOnce: acceptedEventItems.filter((i) => eventsPerEventID.get(eventIdOf(i) ?? null) !== 1).length,
      // Inbox events that are not an item of a stored batch (an item accepted twice under a new id).
      strayEvents: inbox.filter((e) => !eventItems.has(e.id)).length,
    };
  } finally {
    await server.stop();
  }
}
