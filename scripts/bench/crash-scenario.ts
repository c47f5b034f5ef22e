// The crash test: kill the server with SIGKILL in the middle of a load of events, start it again on
// the same database, and check that every event that got a 202 is stored and processed exactly once.
// Run by `npm run test:crash` and by tests/api/events-crash.test.ts (SQLite, or PostgreSQL when
// TEST_POSTGRES_URL is set).
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { startTestServer, type TestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { eventBody } from "./event-bodies";
import { query } from "./inbox-queries";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGKILL the server: the tsx launcher's node child is the server itself, so kill both. */
export function killHard(server: TestServer) {
  const pid = server.process.pid!;
  for (const child of childrenOf(pid)) process.kill(child, "SIGKILL");
  process.kill(pid, "SIGKILL");
}

/** The process ids whose parent is `pid` (none when it has none, or is gone). */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export type CrashResult = {
  accepted: number;
  failedRequests: number;
  storedAccepted: number;
  processedOnce: number;
  duplicates: number;
  missing: string[];
  pendingAfter: number;
};

export async function runCrashScenario(log: (line: string) => void = () => {}): Promise<CrashResult> {
  const env = { RATE_LIMIT_PER_MINUTE: "1000000000", EVENTS_CLAIM_LEASE_MS: "3000" };
  let server = await startTestServer({ label: "crash", env });
  const databaseUrl = server.databaseUrl;
  const { key } = createBrandAndKey(databaseUrl);
  const accepted = new Map<string, string>(); // eventID -> inbox id
  let failedRequests = 0;
  let running = true;

  const sender = async (lane: number) => {
    for (let n = 0; running; n++) {
      const body = { ...eventBody(lane * 100_000 + n, 50), eventID: randomUUID() };
      try {
        const res = await fetch(`${server.baseUrl}/api/events`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
          body: JSON.stringify(body),
        });
        if (res.status === 202) accepted.set(body.eventID, (await res.json()).id);
        else failedRequests++;
      } catch {
        failedRequests++;
        await sleep(20);
      }
    }
  };
  const senders = Array.from({ length: 24 }, (_, lane) => sender(lane));
  // Kill once the load is well under way (a fixed time would be too short on a busy machine).
  const loadDeadline = Date.now() + 30_000;
  while (accepted.size < 200 && Date.now() < loadDeadline) await sleep(50);
  const beforeKill = accepted.size;
  killHard(server);
  log(`killed the server with SIGKILL after ${beforeKill} accepted events`);
  await sleep(300);
  running = false;
  await Promise.all(senders);

  server = await startTestServer({ label: "crash", env, databaseUrl });
  try {
    log(`restarted; ${accepted.size} events got a 202, ${failedRequests} requests failed`);
    const deadline = Date.now() + 90_000;
    let pending = Infinity;
    while (Date.now() < deadline) {
      pending = Number(
        (await query<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`))[0].n,
      );
      if (pending === 0) break;
      await sleep(250);
    }
    const inbox = await query<{ id: string; eventID: string; status: string; outcome: string | null }>(
      databaseUrl,
      `SELECT "id", "eventID", "status", "outcome" FROM "EventInbox"`,
    );
    const attached = await query<{ eventID: string; n: number | string }>(
      databaseUrl,
      `SELECT "eventID", COUNT(*) AS n FROM "ContactEvent" GROUP BY "eventID"`,
    );
    const byEventId = new Map(inbox.map((r) => [r.eventID, r]));
    const attachedCount = new Map(attached.map((r) => [r.eventID, Number(r.n)]));
    const missing = [...accepted.keys()].filter((id) => !byEventId.has(id));
    const processedOnce = [...accepted.keys()].filter(
      (id) => byEventId.get(id)?.outcome === "processed" && attachedCount.get(id) === 1,
    ).length;
    return {
      accepted: accepted.size,
      failedRequests,
      storedAccepted: accepted.size - missing.length,
      processedOnce,
      // This run's events only: the demo brand seeded at first start holds events of its own.
      duplicates: attached.filter((r) => accepted.has(r.eventID) && Number(r.n) > 1).length,
      missing,
      pendingAfter: pending,
    };
  } finally {
    await server.stop();
  }
}
