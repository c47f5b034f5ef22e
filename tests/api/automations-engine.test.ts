// The automations engine on a clock of its own: a database of this file's own (SQLite, or PostgreSQL
// under TEST_POSTGRES_URL), events through the real inbox and events worker, and the automations worker's
// pass run at chosen instants, so a test can let days pass. Checks delays (duration, time of day,
// weekdays), inactivity reset by a new trigger event, exit conditions, frequency and overlap limiters,
// historical events, splits and A/B tests, each block once per enrollment with two workers, disable
// keep/exit, enrollExisting, webhooks (signed, retried), and the timers of birthday, entered segment,
// subscribed to marketing and product back in stock.
// lib/ is imported only after DATABASE_URL names this file's database (the config is read once).
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "./setup/test-server";

type Lib = {
  db: typeof import("@/lib/db").db;
  closeDatabase: typeof import("@/lib/db").closeDatabase;
  sqlReader: typeof import("@/lib/db/sql").sqlReader;
  createBrand: typeof import("@/lib/brands/create-brand").createBrand;
  createAutomation: typeof import("@/lib/automations/write-automation").createAutomation;
  enableAutomation: typeof import("@/lib/automations/enable-automation").enableAutomation;
  disableAutomation: typeof import("@/lib/automations/enable-automation").disableAutomation;
  automationsPass: typeof import("@/lib/automations/engine/run-worker").automationsPass;
  acceptEvent: typeof import("@/lib/events/accept-event").acceptEvent;
  claimEvents: typeof import("@/lib/events/worker/claim-events").claimEvents;
  processBatch: typeof import("@/lib/events/worker/process-batch").processBatch;
  upsertContactId: typeof import("@/lib/contacts/upsert-contact").upsertContactId;
  webhookSecret: typeof import("@/lib/automations/engine/webhooks").webhookSecret;
  replaceProduct: typeof import("@/lib/products/write-catalog").replaceProduct;
  insertProduct: typeof import("@/lib/products/write-catalog").insertProduct;
  writeTransaction: typeof import("@/lib/db/sql").writeTransaction;
  writeStatement: typeof import("@/lib/db/sql").writeStatement;
  createTemplate: typeof import("@/lib/templates/save-template").createTemplate;
};

let lib: Lib;
let cleanup: () => void = () => {};
let hooks: { url: string; received: { headers: http.IncomingHttpHeaders; body: string }[]; answer: number; close: () => Promise<void> };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  const fresh = await freshDatabaseUrl("automations-engine");
  cleanup = fresh.cleanup;
  process.env.DATABASE_URL = fresh.url;
  process.env.AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  process.env.AUTOMATIONS_RETRY_BASE_MS = "1";
  const { applyMigrations } = await import("../../scripts/db/migrate");
  await applyMigrations(fresh.url);
  lib = {
    ...(await import("@/lib/db")),
    ...(await import("@/lib/db/sql")),
    ...(await import("@/lib/brands/create-brand")),
    ...(await import("@/lib/automations/write-automation")),
    ...(await import("@/lib/automations/enable-automation")),
    ...(await import("@/lib/automations/engine/run-worker")),
    ...(await import("@/lib/events/accept-event")),
    ...(await import("@/lib/events/worker/claim-events")),
    ...(await import("@/lib/events/worker/process-batch")),
    ...(await import("@/lib/contacts/upsert-contact")),
    ...(await import("@/lib/automations/engine/webhooks")),
    ...(await import("@/lib/products/write-catalog")),
    ...(await import("@/lib/templates/save-template")),
  } as Lib;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = hooks.answer;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hooks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answer: 200,
    close: () => new Promise((r) => server.close(() => r())),
  };
}, 120_000);

afterAll(async () => {
  await hooks?.close();
  await lib?.closeDatabase();
  cleanup();
});

// ---- helpers

let workerSeq = 0;
async function pass(at: Date, workerId = `test-worker-${++workerSeq}`) {
  // Until nothing more is due at this instant (a batch may leave work for the next, e.g. webhooks).
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const done = await lib.automationsPass({ workerId, batchSize: 500, idleMs: 1, leaseMs: 60_000, clock: () => at });
    total += done.enrollments + done.schedules + done.webhooks;
    if (done.enrollments + done.schedules + done.webhooks === 0) break;
  }
  return total;
}

async function brand() {
  return (await lib.createBrand({ name: `Engine ${Math.random().toString(36).slice(2, 8)}`, plan: "standard" })).id;
}

/** Accepts events and runs the events worker until the inbox is drained. */
async function events(
  brandId: string,
  list: { eventName: string; email: string; properties?: object; eventTime?: Date; origin?: string }[],
  options: { commitChunk?: number } = {},
) {
  for (const e of list) {
    await lib.acceptEvent(
      brandId,
      {
        eventName: e.eventName,
        origin: e.origin ?? "api",
        contact: { email: e.email },
        properties: e.properties ?? {},
        ...(e.eventTime ? { eventTime: e.eventTime.toISOString() } : {}),
      } as never,
      { noOrigin: false },
    );
  }
  for (;;) {
    const claimed = await lib.claimEvents("events-test", 500, 60_000);
    if (claimed.length === 0) break;
    await lib.processBatch("events-test", claimed, options);
  }
}

const tagAction = (id: string, value = id) => ({ temporaryID: id, type: "action", action: { type: "addTag", addTag: { value } } });
const wait = (id: string, amount: number, units: string) => ({
  temporaryID: id,
  type: "delay",
  delay: { mode: "duration", duration: { amount, units } },
});

async function automation(brandId: string, body: Record<string, unknown>, enrollExisting = false) {
  const created = await lib.createAutomation(brandId, {
    name: "Engine test",
    trigger: { condition: { event: "checkout started", origin: "api" } },
    ...body,
  } as never);
  await lib.enableAutomation(brandId, created.id, enrollExisting);
  return created;
}

async function rows<T = Record<string, unknown>>(sql: string, params: unknown[]) {
  return lib.sqlReader().all<T>(sql, params);
}
const enrollments = (automationId: string) =>
  rows<{
    id: string;
    contactId: string;
    status: string;
    blockId: string | null;
    endReason: string | null;
    startedAt: unknown;
    dueAt: unknown;
  }>(
    `SELECT "id", "contactId", "status", "blockId", "endReason", "startedAt", "dueAt" FROM "AutomationEnrollment" WHERE "automationId" = ? ORDER BY "id"`,
    [automationId],
  );
const runs = (automationId: string) =>
  rows<{ enrollmentId: string; blockId: string; kind: string; status: string; outcome: string | null; attempts: number }>(
    `SELECT "enrollmentId", "blockId", "kind", "status", "outcome", "attempts" FROM "AutomationBlockRun" WHERE "automationId" = ?`,
    [automationId],
  );
async function tagsOf(brandId: string, email: string): Promise<string[]> {
  const found = await rows<{ tag: string }>(
    `SELECT t."tag" FROM "ContactTag" t JOIN "ContactIdentifier" i ON i."contactId" = t."contactId" WHERE i."brandId" = ? AND i."value" = ? ORDER BY t."tag"`,
    [brandId, email],
  );
  return found.map((r) => r.tag);
}
async function counters(automationId: string): Promise<Record<string, number>> {
  const found = await rows<{ blockId: string; metric: string; count: unknown }>(
    `SELECT "blockId", "metric", "count" FROM "AutomationCounter" WHERE "automationId" = ?`,
    [automationId],
  );
  return Object.fromEntries(found.map((r) => [`${r.blockId ? r.blockId.slice(-4) + ":" : ""}${r.metric}`, Number(r.count)]));
}
const later = (ms: number) => new Date(Date.now() + ms);

// ---- the tests

describe("delays on the engine's clock", () => {
  it("waits out a 3-day delay, then runs the next block once", async () => {
    const b = await brand();
    const a = await automation(b, { blocks: [wait("wait", 3, "d"), tagAction("followed-up")] });
    await events(b, [{ eventName: "checkout started", email: "ada@example.com" }]);
    await pass(new Date());
    const [e] = await enrollments(a.id);
    expect(e).toMatchObject({ status: "active", blockId: a.blocks[0].id });
    expect(await tagsOf(b, "ada@example.com")).toEqual([]);
    await pass(later(2 * DAY));
    expect((await enrollments(a.id))[0].status).toBe("active");
    await pass(later(3 * DAY + 60_000));
    expect(await enrollments(a.id)).toMatchObject([{ status: "completed", endReason: "completed" }]);
    expect(await tagsOf(b, "ada@example.com")).toEqual(["followed-up"]);
    await pass(later(10 * DAY));
    expect(await runs(a.id)).toHaveLength(1);
    expect(await counters(a.id)).toMatchObject({ entered: 1, completed: 1 });
  });

  it("ends a time-of-day delay at that time, on an allowed weekday", async () => {
    const b = await brand();
    const a = await automation(b, {
      blocks: [
        { temporaryID: "at", type: "delay", delay: { mode: "specificTime", time: "09:30", allowedWeekdays: ["monday"] } },
        tagAction("monday"),
      ],
    });
    await events(b, [{ eventName: "checkout started", email: "mo@example.com" }]);
    await pass(new Date());
    const [e] = await enrollments(a.id);
    const due = new Date(e.dueAt as string);
    expect(due.getUTCDay()).toBe(1);
    expect(due.toISOString().slice(11, 16)).toBe("09:30");
    expect(due.getTime() - Date.now()).toBeLessThanOrEqual(8 * DAY);
    await pass(new Date(due.getTime() - 60_000));
    expect((await enrollments(a.id))[0].status).toBe("active");
    await pass(due);
    expect((await enrollments(a.id))[0].status).toBe("completed");
  });
});

describe("who enters", () => {
  it("starts only after the contact has been quiet for the inactivity time; each trigger event resets it", async () => {
    const b = await brand();
    const a = await automation(b, {
      trigger: { condition: { event: "checkout started", origin: "api" }, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("abandoned")],
    });
    await events(b, [
      { eventName: "checkout started", email: "cart@example.com", eventTime: new Date(Date.now() - 50 * 60_000), properties: { step: 1 } },
      { eventName: "checkout started", email: "cart@example.com", eventTime: new Date(Date.now() - 10 * 60_000), properties: { step: 2 } },
    ]);
    const [quiet] = await enrollments(a.id);
    expect(quiet.startedAt).toBeNull();
    await pass(later(20 * 60_000)); // 1 h after the first event, 30 min after the second
    expect((await enrollments(a.id))[0].startedAt).toBeNull();
    await pass(later(51 * 60_000));
    const [started] = await enrollments(a.id);
    expect(started.status).toBe("completed");
    const [trigger] = await rows<{ trigger: unknown }>(`SELECT "trigger" FROM "AutomationEnrollment" WHERE "id" = ?`, [started.id]);
    const data = typeof trigger.trigger === "string" ? JSON.parse(trigger.trigger) : trigger.trigger;
    expect(data.properties).toEqual({ step: 2 }); // the latest trigger's data
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("a new trigger event replaces a waiting row's trigger data only (not its dueAt: issue 42), and an exit event between two triggers ends nothing", async () => {
    const b = await brand();
    const a = await automation(b, {
      trigger: { condition: { event: "checkout started", origin: "api" }, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("abandoned")],
      exitConditions: [{ event: "order placed", origin: "api" }],
    });
    const first = new Date(Date.now() - 50 * 60_000);
    await events(b, [{ eventName: "checkout started", email: "lazy@example.com", eventTime: first, properties: { step: 1 } }]);
    const [before] = await rows<{ dueAt: unknown; triggeredAt: unknown }>(
      `SELECT "dueAt", "triggeredAt" FROM "AutomationEnrollment" WHERE "automationId" = ?`,
      [a.id],
    );
    await events(b, [
      { eventName: "checkout started", email: "lazy@example.com", eventTime: new Date(Date.now() - 10 * 60_000), properties: { step: 2 } },
    ]);
    const [after] = await rows<{ dueAt: unknown; triggeredAt: unknown; trigger: unknown }>(
      `SELECT "dueAt", "triggeredAt", "trigger" FROM "AutomationEnrollment" WHERE "automationId" = ?`,
      [a.id],
    );
    // On PostgreSQL a row update that changes no indexed column is done in place, without an entry per index.
    expect(new Date(after.dueAt as string).getTime()).toBe(new Date(before.dueAt as string).getTime());
    expect(new Date(after.triggeredAt as string).getTime()).toBe(first.getTime());
    const data = typeof after.trigger === "string" ? JSON.parse(after.trigger) : after.trigger;
    expect(data.properties).toEqual({ step: 2 });
    // An order between the two trigger events is older than the latest one: the waiting row stays.
    await events(b, [{ eventName: "order placed", email: "lazy@example.com", eventTime: new Date(Date.now() - 30 * 60_000) }]);
    expect(await enrollments(a.id)).toMatchObject([{ status: "active", startedAt: null }]);
    // Due at the first event's quiet end, it waits again until the latest one's, then starts.
    await pass(later(11 * 60_000));
    const [snoozed] = await enrollments(a.id);
    expect(snoozed.startedAt).toBeNull();
    expect(Math.abs(new Date(snoozed.dueAt as string).getTime() - (Date.now() + 50 * 60_000))).toBeLessThan(60_000);
    await pass(later(51 * 60_000));
    expect(await enrollments(a.id)).toMatchObject([{ status: "completed" }]);
    expect(await tagsOf(b, "lazy@example.com")).toEqual(["abandoned"]);
  });

  it("a trigger reacts to its own identity and filters: another origin, a no-origin event or a failing filter enrolls no one", async () => {
    const b = await brand();
    const big = await automation(b, {
      trigger: {
        condition: {
          event: "checkout started",
          origin: "api",
          filterGroups: [{ logicalOperator: "and", filters: [{ field: "value", operator: "gt", value: 100 }] }],
        },
      },
      blocks: [tagAction("big")],
    });
    await lib.acceptEvent(
      b,
      { eventName: "checkout started", origin: "api", contact: { email: "legacy@example.com" }, properties: { value: 150 } } as never,
      { noOrigin: true },
    );
    await events(b, [
      { eventName: "checkout started", email: "big@example.com", properties: { value: 150 } },
      { eventName: "checkout started", email: "small@example.com", properties: { value: 50 } },
      { eventName: "checkout started", email: "elsewhere@example.com", properties: { value: 150 }, origin: "shopify" },
    ]);
    await pass(new Date());
    expect(await tagsOf(b, "big@example.com")).toEqual(["big"]);
    for (const email of ["small@example.com", "elsewhere@example.com", "legacy@example.com"]) expect(await tagsOf(b, email)).toEqual([]);
    expect(await enrollments(big.id)).toHaveLength(1);

    // Bound without an origin where the brand's events of that name arrive without one (compatibility:
    // no-origin): the no-origin events enroll, the same name from an origin does not.
    await lib.acceptEvent(
      b,
      { eventName: "legacy signup", origin: "api", contact: { email: "first@example.com" }, properties: {} } as never,
      { noOrigin: true },
    );
    await events(b, []);
    const legacy = await lib.createAutomation(b, {
      name: "Legacy",
      trigger: { condition: { event: "legacy signup" } },
      blocks: [tagAction("legacy")],
    } as never);
    expect(legacy.trigger.condition).not.toHaveProperty("origin");
    await lib.enableAutomation(b, legacy.id, false);
    await lib.acceptEvent(
      b,
      { eventName: "legacy signup", origin: "api", contact: { email: "old-client@example.com" }, properties: {} } as never,
      { noOrigin: true },
    );
    await events(b, [{ eventName: "legacy signup", email: "new-client@example.com" }]);
    await pass(new Date());
    expect(await tagsOf(b, "old-client@example.com")).toEqual(["legacy"]);
    expect(await tagsOf(b, "new-client@example.com")).toEqual([]);
    expect(await tagsOf(b, "first@example.com")).toEqual([]); // before the workflow was enabled
  });

  it("a historical event (more than 1 hour old on arrival) triggers nothing", async () => {
    const b = await brand();
    const a = await automation(b, { blocks: [tagAction("x")] });
    await events(b, [{ eventName: "checkout started", email: "old@example.com", eventTime: new Date(Date.now() - 2 * DAY) }]);
    await pass(new Date());
    expect(await enrollments(a.id)).toEqual([]);
  });

  it("an exit condition event during the wait takes the contact out; one before the trigger does not", async () => {
    const b = await brand();
    const a = await automation(b, {
      blocks: [wait("wait", 1, "d"), tagAction("reminded")],
      exitConditions: [
        {
          event: "order placed",
          origin: "api",
          filterGroup: { logicalOperator: "and", filters: [{ field: "value", operator: "gt", value: 0 }] },
        },
      ],
    });
    await events(b, [
      { eventName: "order placed", email: "early@example.com", properties: { value: 10 }, eventTime: new Date(Date.now() - 30 * 60_000) },
      { eventName: "checkout started", email: "early@example.com" },
      { eventName: "checkout started", email: "buyer@example.com" },
    ]);
    await pass(new Date());
    await events(b, [
      { eventName: "order placed", email: "buyer@example.com", properties: { value: 0 } }, // filtered out: stays
      { eventName: "order placed", email: "buyer@example.com", properties: { value: 25 } },
    ]);
    await pass(later(DAY + 60_000));
    const byContact = await enrollments(a.id);
    expect(byContact.map((e) => [e.status, e.endReason]).sort()).toEqual([
      ["completed", "completed"],
      ["exited", "exit-condition"],
    ]);
    expect(await tagsOf(b, "early@example.com")).toEqual(["reminded"]);
    expect(await tagsOf(b, "buyer@example.com")).toEqual([]);
    expect(await counters(a.id)).toMatchObject({ entered: 2, exited: 1, completed: 1 });
  });

  it("one batch of many contacts' events: each waiting row and each exit lands on its own contact and workflow", async () => {
    // The events worker writes a batch's waiting rows and exits with a statement per chunk, not per event.
    const b = await brand();
    const order = { event: "order placed", origin: "api" };
    const browse = await automation(b, {
      trigger: { condition: { event: "product viewed", origin: "api" }, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("browsed")],
      exitConditions: [order, { event: "cart updated", origin: "api" }],
    });
    const cart = await automation(b, {
      trigger: { condition: { event: "cart updated", origin: "api" }, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("abandoned")],
      exitConditions: [order],
    });
    const followUp = await automation(b, { blocks: [wait("w", 1, "d"), tagAction("followed-up")], exitConditions: [order] });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const people = ["a", "b", "c", "d", "e"].map((p) => `${p}@batch.example.com`);
    await events(b, [
      ...people.map((email) => ({ eventName: "product viewed", email, eventTime: minutesAgo(50), properties: { first: true } })),
      ...people.map((email) => ({ eventName: "checkout started", email, eventTime: minutesAgo(40) })),
    ]);
    await events(
      b,
      people.slice(0, 2).map((email) => ({ eventName: "cart updated", email, eventTime: minutesAgo(30) })),
    );
    await pass(minutesAgo(-1)); // the follow-up flow starts and waits a day; the quiet rows wait
    expect((await enrollments(browse.id)).filter((e) => e.status === "active")).toHaveLength(3); // a, b left on their cart
    expect((await enrollments(cart.id)).filter((e) => e.status === "active")).toHaveLength(2);
    // One batch: c views again (its waiting row moves on), a and d order, b's order is older than every
    // trigger of its (it arrived late) and ends nothing, e does nothing.
    const viewedAgain = minutesAgo(5);
    await events(b, [
      { eventName: "product viewed", email: people[2], eventTime: viewedAgain, properties: { first: false } },
      { eventName: "order placed", email: people[0], eventTime: minutesAgo(4) },
      { eventName: "order placed", email: people[3], eventTime: minutesAgo(3) },
      { eventName: "order placed", email: people[1], eventTime: minutesAgo(55) },
    ]);
    const contactOf = async (email: string) =>
      (await rows<{ contactId: string }>(`SELECT "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND "value" = ?`, [b, email]))[0]
        .contactId;
    const ids = await Promise.all(people.map(contactOf));
    const byPerson = async (automationId: string) => {
      const found = new Map((await enrollments(automationId)).map((e) => [e.contactId, `${e.status}:${e.endReason ?? ""}`]));
      return ids.map((id) => found.get(id) ?? "none");
    };
    expect(await byPerson(browse.id)).toEqual([
      "exited:exit-condition",
      "exited:exit-condition",
      "active:",
      "exited:exit-condition",
      "active:",
    ]);
    expect(await byPerson(cart.id)).toEqual(["exited:exit-condition", "active:", "none", "none", "none"]);
    expect(await byPerson(followUp.id)).toEqual(["exited:exit-condition", "active:", "active:", "exited:exit-condition", "active:"]);
    const [waitingC] = await rows<{ trigger: unknown; dueAt: unknown }>(
      `SELECT "trigger", "dueAt" FROM "AutomationEnrollment" WHERE "automationId" = ? AND "contactId" = ? AND "status" = 'active'`,
      [browse.id, ids[2]],
    );
    const trigger = typeof waitingC.trigger === "string" ? JSON.parse(waitingC.trigger) : waitingC.trigger;
    expect(trigger.properties).toEqual({ first: false });
    // The latest event's time is in the trigger data; the dueAt stays until the row comes due (issue 42).
    expect(trigger.eventTime).toBe(viewedAgain.toISOString());
    expect(await counters(followUp.id)).toMatchObject({ entered: 5, exited: 2 });
  });

  it("a batch's new enrollments and waiting rows are written by one statement (issue 42), each where it belongs", async () => {
    const { timeStatements, takeStatementTimes } = await import("@/lib/db/statement-timing");
    const b = await brand();
    const viewed = { event: "product viewed", origin: "api" };
    const quiet = await automation(b, {
      trigger: { condition: viewed, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("browsed")],
    });
    const now = await automation(b, { trigger: { condition: viewed }, blocks: [wait("w", 1, "d"), tagAction("later")] });
    const people = ["a", "b", "c"].map((p) => `${p}@one-write.example.com`);
    timeStatements(true);
    try {
      await events(
        b,
        people.map((email) => ({ eventName: "product viewed", email })),
      );
      // Statement timing (lib/db/statement-timing.ts) sees SQLite's statements; the SQL is the same on both engines.
      const timed = takeStatementTimes();
      const inserts = timed.filter((t) => t.statement.startsWith('INSERT INTO "AutomationEnrollment"'));
      if (timed.length > 0) expect(inserts.reduce((n, t) => n + t.count, 0)).toBe(1);
    } finally {
      timeStatements(false);
    }
    const quietRows = await rows<{ quietKey: string | null }>(`SELECT "quietKey" FROM "AutomationEnrollment" WHERE "automationId" = ?`, [
      quiet.id,
    ]);
    expect(quietRows.map((r) => r.quietKey?.startsWith(`${quiet.id}:`))).toEqual([true, true, true]);
    expect((await enrollments(now.id)).map((e) => e.status)).toEqual(["active", "active", "active"]);
    expect(await rows(`SELECT 1 FROM "AutomationEnrollment" WHERE "automationId" = ? AND "quietKey" IS NOT NULL`, [now.id])).toEqual([]);
  });

  it("a batch committed in chunks (as while events arrive) ends as one transaction would", async () => {
    const b = await brand();
    const a = await automation(b, {
      trigger: { condition: { event: "product viewed", origin: "api" }, inactivitySettings: { duration: { amount: 1, units: "h" } } },
      blocks: [tagAction("browsed")],
      exitConditions: [{ event: "order placed", origin: "api" }],
    });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await events(
      b,
      [
        { eventName: "product viewed", email: "x@chunks.example.com", eventTime: minutesAgo(20), properties: { n: 1 } },
        { eventName: "product viewed", email: "y@chunks.example.com", eventTime: minutesAgo(15), properties: { n: 2 } },
        { eventName: "product viewed", email: "x@chunks.example.com", eventTime: minutesAgo(10), properties: { n: 3 } },
        { eventName: "product viewed", email: "z@chunks.example.com", eventTime: minutesAgo(9), properties: { n: 4 } },
        { eventName: "order placed", email: "z@chunks.example.com", eventTime: minutesAgo(8) },
      ],
      { commitChunk: 2 },
    );
    const found = await rows<{ value: string; status: string; trigger: unknown }>(
      `SELECT i."value", e."status", e."trigger" FROM "AutomationEnrollment" e JOIN "ContactIdentifier" i ON i."contactId" = e."contactId"
       WHERE e."automationId" = ? ORDER BY i."value"`,
      [a.id],
    );
    const n = (t: unknown) => (typeof t === "string" ? JSON.parse(t) : (t as { properties: { n: number } })).properties.n;
    expect(found.map((r) => [r.value, r.status, n(r.trigger)])).toEqual([
      ["x@chunks.example.com", "active", 3],
      ["y@chunks.example.com", "active", 2],
      ["z@chunks.example.com", "exited", 4],
    ]);
    const inbox = await rows<{ status: string; n: unknown }>(
      `SELECT "status", COUNT(*) AS n FROM "EventInbox" WHERE "brandId" = ? GROUP BY "status"`,
      [b],
    );
    expect(inbox.map((r) => [r.status, Number(r.n)])).toEqual([["done", 5]]);
    const attached = await rows<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "ContactEvent" WHERE "brandId" = ?`, [b]);
    expect(Number(attached[0].n)).toBe(5);
  });

  it("frequency once: a contact enters once in a lifetime; without it, once at a time", async () => {
    const b = await brand();
    const once = await automation(b, { blocks: [tagAction("once")], settings: { frequencyLimiter: { mode: "once" } } });
    const free = await automation(b, { blocks: [wait("w", 1, "h"), tagAction("free")] });
    await events(b, [{ eventName: "checkout started", email: "f@example.com" }]);
    await pass(new Date());
    await events(b, [{ eventName: "checkout started", email: "f@example.com" }]); // while still in `free`
    await pass(new Date());
    await pass(later(2 * HOUR));
    await events(b, [{ eventName: "checkout started", email: "f@example.com" }]);
    await pass(later(2 * HOUR));
    expect((await enrollments(once.id)).map((e) => e.status)).toEqual(["completed"]);
    expect(await counters(once.id)).toMatchObject({ entered: 1, "skipped:frequency": 2 });
    expect(await counters(free.id)).toMatchObject({ entered: 2, "skipped:already-in-workflow": 1 });
  });

  it("interval frequency and the overlap limiter skip with their reasons; the audience filter too", async () => {
    const b = await brand();
    const first = await automation(b, {
      trigger: { condition: { event: "started browsing", origin: "api" } },
      blocks: [wait("w", 2, "d"), tagAction("first")],
    });
    const interval = await automation(b, {
      blocks: [tagAction("interval")],
      settings: { frequencyLimiter: { mode: "interval", duration: { amount: 1, units: "d" } } },
    });
    const overlap = await automation(b, {
      blocks: [tagAction("overlap")],
      settings: { overlapLimiter: { mode: "currentlyIn", automationIDs: [first.id] } },
    });
    const audience = await automation(b, {
      trigger: {
        condition: { event: "checkout started", origin: "api" },
        audienceFilterGroup: { logicalOperator: "and", filters: [{ field: "tag", operator: "eq", value: "vip" }] },
      },
      blocks: [tagAction("vip-only")],
    });
    await lib.upsertContactId(b, { identifiers: [{ type: "email", id: "vip@example.com" }], tags: ["vip"] } as never, { source: "test" });
    await events(b, [{ eventName: "started browsing", email: "o@example.com" }]);
    await pass(new Date());
    await events(b, [
      { eventName: "checkout started", email: "o@example.com" },
      { eventName: "checkout started", email: "vip@example.com" },
    ]);
    await pass(new Date());
    await events(b, [{ eventName: "checkout started", email: "o@example.com" }]);
    await pass(later(HOUR));
    expect(await counters(interval.id)).toMatchObject({ entered: 2, "skipped:frequency": 1 });
    expect(await counters(overlap.id)).toMatchObject({ entered: 1, "skipped:overlap": 2 }); // vip is in no other flow
    expect(await counters(audience.id)).toMatchObject({ entered: 1, "skipped:audience": 2 });
    await pass(later(2 * DAY + HOUR)); // `first` is over: overlap lets them in again
    await events(b, [{ eventName: "checkout started", email: "o@example.com" }]);
    await pass(later(2 * DAY + HOUR));
    expect(await counters(overlap.id)).toMatchObject({ entered: 2, "skipped:overlap": 2 });
  });
});

describe("branches", () => {
  it("splits on the trigger's properties and on the contact; A/B assigns by its percentage and keeps the choice", async () => {
    const b = await brand();
    const a = await automation(b, {
      blocks: [
        {
          temporaryID: "big?",
          type: "split",
          split: {
            filterGroup: {
              logicalOperator: "or",
              filters: [
                { type: "event", field: "value", operator: "gte", value: 100 },
                { type: "contact", field: "tag", operator: "eq", value: "vip" },
              ],
            },
            trueBlocks: [tagAction("big")],
            falseBlocks: [tagAction("small")],
          },
        },
        {
          temporaryID: "ab",
          type: "abTesting",
          abTesting: { aBlocksPercentage: 100, aBlocks: [tagAction("a")], bBlocks: [tagAction("b")] },
        },
      ],
    });
    await lib.upsertContactId(b, { identifiers: [{ type: "email", id: "v@example.com" }], tags: ["vip"] } as never, { source: "test" });
    await events(b, [
      { eventName: "checkout started", email: "big@example.com", properties: { value: 150 } },
      { eventName: "checkout started", email: "small@example.com", properties: { value: 20 } },
      { eventName: "checkout started", email: "v@example.com", properties: { value: 20 } },
    ]);
    await pass(new Date());
    expect(await tagsOf(b, "big@example.com")).toEqual(["a", "big"]);
    expect(await tagsOf(b, "small@example.com")).toEqual(["a", "small"]);
    expect(await tagsOf(b, "v@example.com")).toEqual(["a", "big", "vip"]);
    const c = await counters(a.id);
    expect(c[`${a.blocks[0].id.slice(-4)}:true`]).toBe(2);
    expect(c[`${a.blocks[0].id.slice(-4)}:false`]).toBe(1);
    expect(c[`${a.blocks[1].id.slice(-4)}:a`]).toBe(3);
  });
});

describe("email blocks through the delivery pipeline", () => {
  it("one message per enrollment and block holding the trigger's cart; a split reads whether it was opened", async () => {
    const b = await brand();
    const { id: templateId } = JSON.parse(
      await lib.createTemplate(b, {
        name: "Your cart",
        sections: [
          {
            id: "000000000000000000000c01",
            rows: [
              {
                id: "000000000000000000000c02",
                columns: [
                  { id: "000000000000000000000c03", blocks: [{ id: "000000000000000000000c04", type: "text", text: "<p>Hi</p>" }] },
                ],
              },
            ],
          },
        ],
      }),
    ) as { id: string };
    const a = await automation(b, {
      blocks: [
        {
          temporaryID: "mail",
          type: "action",
          action: {
            type: "sendEmail",
            sendEmail: { templateID: templateId, language: "en_US", subject: "Your cart", preheader: "", senderName: "Shop" },
          },
        },
        wait("day", 1, "d"),
        {
          temporaryID: "opened?",
          type: "split",
          split: {
            filterGroup: {
              logicalOperator: "and",
              filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: "mail" }],
            },
            trueBlocks: [tagAction("opened")],
            falseBlocks: [tagAction("not-opened")],
          },
        },
      ],
    });
    const mailBlock = a.blocks[0].id;
    for (const [email, status] of [
      ["opener@example.com", "subscribed"],
      ["ignorer@example.com", "subscribed"],
      ["gone@example.com", "unsubscribed"],
    ])
      await lib.upsertContactId(b, { identifiers: [{ type: "email", id: email, channels: { email: { status } } }] } as never, {
        source: "test",
      });
    const cart = (id: string) => ({ cartID: id, lineItems: [{ productID: `p-${id}`, productTitle: `Product ${id}`, productQuantity: 1 }] });
    await events(b, [
      { eventName: "checkout started", email: "opener@example.com", properties: cart("o") },
      { eventName: "checkout started", email: "ignorer@example.com", properties: cart("i") },
      { eventName: "checkout started", email: "gone@example.com", properties: cart("g") },
    ]);
    const now = new Date();
    await pass(now);
    await pass(now); // nothing more is due: no second message
    const messages = await rows<{ recipientKey: string; part: string; status: string; reason: string | null; data: string; email: string }>(
      `SELECT "recipientKey", "part", "status", "reason", "data", "email" FROM "Message" WHERE "brandId" = ? AND "sourceKind" = 'automation' AND "sourceId" = ? ORDER BY "email"`,
      [b, a.id],
    );
    const enrolled = await enrollments(a.id);
    expect(messages.map((m) => [m.email, m.status, m.reason])).toEqual([
      ["gone@example.com", "suppressed", "unsubscribed"],
      ["ignorer@example.com", "queued", null],
      ["opener@example.com", "queued", null],
    ]);
    for (const m of messages) {
      expect(m.part).toBe(mailBlock);
      const [enrollmentId, blockId] = m.recipientKey.split(":");
      expect(blockId).toBe(mailBlock);
      expect(enrolled.map((e) => e.id)).toContain(enrollmentId);
    }
    expect(JSON.parse(messages[2].data)).toEqual({
      event: { eventName: "checkout started", properties: cart("o"), eventTime: expect.any(String) },
    });
    // Every enrollment waits at the delay (the unsubscribed one too: the block allows skipping).
    expect(enrolled.map((e) => e.blockId)).toEqual(enrolled.map(() => a.blocks[1].id));
    expect(await counters(a.id)).toMatchObject({ [`${mailBlock.slice(-4)}:queued`]: 2, [`${mailBlock.slice(-4)}:skipped`]: 1 });

    // The opener's message is opened (as the pipeline records a person's first open); a day later the split branches.
    await lib.writeStatement(`UPDATE "Message" SET "status" = 'sent', "sentAt" = ?ts, "openedAt" = ?ts WHERE "recipientKey" = ?`, [
      now,
      later(HOUR),
      messages[2].recipientKey,
    ]);
    await pass(later(DAY + HOUR));
    expect(await tagsOf(b, "opener@example.com")).toEqual(["opened"]);
    expect(await tagsOf(b, "ignorer@example.com")).toEqual(["not-opened"]);
    expect(await tagsOf(b, "gone@example.com")).toEqual(["not-opened"]);
  });
});

describe("exactly once", () => {
  it("two workers racing over the same due enrollments run each block once", async () => {
    const b = await brand();
    const a = await automation(b, { blocks: [wait("w", 1, "h"), tagAction("t1"), wait("w2", 1, "h"), tagAction("t2")] });
    await events(
      b,
      Array.from({ length: 60 }, (_, i) => ({ eventName: "checkout started", email: `race${i}@example.com` })),
    );
    await pass(new Date());
    const at = later(HOUR + 60_000);
    await Promise.all([pass(at, "racer-a"), pass(at, "racer-b"), pass(at, "racer-c")]);
    const at2 = later(2 * HOUR + 120_000);
    await Promise.all([pass(at2, "racer-a"), pass(at2, "racer-b")]);
    const done = await enrollments(a.id);
    expect(done).toHaveLength(60);
    expect(done.every((e) => e.status === "completed")).toBe(true);
    const all = await runs(a.id);
    expect(all).toHaveLength(120);
    expect(new Set(all.map((r) => `${r.enrollmentId}:${r.blockId}`)).size).toBe(120);
    expect(await counters(a.id)).toMatchObject({ entered: 60, completed: 60 });
    expect((await counters(a.id))[`${a.blocks[1].id.slice(-4)}:reached`]).toBe(60);
  });
});

describe("disable and enrollExisting", () => {
  it("disable exit ends the waiting contacts; keep lets them finish and lets no one new in", async () => {
    const b = await brand();
    const exit = await automation(b, { blocks: [wait("w", 1, "d"), tagAction("exit-flow")] });
    const keep = await automation(b, { blocks: [wait("w", 1, "d"), tagAction("keep-flow")] });
    await events(b, [{ eventName: "checkout started", email: "d@example.com" }]);
    await pass(new Date());
    await lib.disableAutomation(b, exit.id, "exit");
    await lib.disableAutomation(b, keep.id, "keep");
    await events(b, [{ eventName: "checkout started", email: "new@example.com" }]);
    await pass(later(DAY + 60_000));
    expect(await enrollments(exit.id)).toMatchObject([{ status: "exited", endReason: "disabled" }]);
    expect(await enrollments(keep.id)).toMatchObject([{ status: "completed" }]);
    expect(await tagsOf(b, "d@example.com")).toEqual(["keep-flow"]);
    expect(await tagsOf(b, "new@example.com")).toEqual([]);
  });

  it("enrollExisting enrolls the trigger's events within the first delay, timed from the event", async () => {
    const b = await brand();
    const created = await lib.createAutomation(b, {
      name: "Backfill",
      trigger: { condition: { event: "checkout started", origin: "api" } },
      blocks: [wait("w", 3, "d"), tagAction("caught-up")],
    } as never);
    await events(b, [
      { eventName: "checkout started", email: "recent@example.com", eventTime: new Date(Date.now() - 30 * 60_000) },
      { eventName: "checkout started", email: "past@example.com", eventTime: new Date(Date.now() - 50 * 60_000) },
    ]);
    await lib.enableAutomation(b, created.id, true);
    await pass(new Date());
    const enrolled = await enrollments(created.id);
    expect(enrolled).toHaveLength(2);
    for (const e of enrolled) expect(new Date(e.dueAt as string).getTime()).toBeLessThan(Date.now() + 3 * DAY - 25 * 60_000);
    await pass(later(3 * DAY - 20 * 60_000));
    expect((await enrollments(created.id)).every((e) => e.status === "completed")).toBe(true);
  });
});

const webhookBlock = (sendWebhook: { callbackUrl: string; body: string; headers?: { key: string; value: string }[] }) => ({
  temporaryID: "hook",
  type: "action",
  action: { type: "sendWebhook", sendWebhook },
});

describe("webhooks", () => {
  it("posts the rendered body, signed, with the block's headers; retries a failure with the same id", async () => {
    const b = await brand();
    const a = await automation(b, {
      blocks: [
        webhookBlock({
          callbackUrl: hooks.url,
          body: '{"email":"[[contact.email]]","cart":"[[event.cartID]]","name":"[[contact.first_name | friend]]"}',
          headers: [{ key: "X-Api-Key", value: "k1" }],
        }),
      ],
    });
    hooks.answer = 503;
    const before = hooks.received.length;
    await events(b, [{ eventName: "checkout started", email: "hook@example.com", properties: { cartID: 'c-"1"' } }]);
    await pass(new Date());
    expect(hooks.received.length).toBe(before + 1);
    const [pending] = await runs(a.id);
    expect(pending).toMatchObject({ kind: "sendWebhook", status: "pending", outcome: "503" });
    hooks.answer = 200;
    await new Promise((r) => setTimeout(r, 20));
    await pass(new Date());
    expect(hooks.received.length).toBe(before + 2);
    const [first, second] = hooks.received.slice(before);
    expect(JSON.parse(second.body)).toEqual({ email: "hook@example.com", cart: 'c-"1"', name: "friend" });
    expect(second.headers["x-api-key"]).toBe("k1");
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    const secret = Buffer.from((await lib.webhookSecret(b)).slice("whsec_".length), "base64");
    const signed = `${second.headers["webhook-id"]}.${second.headers["webhook-timestamp"]}.${second.body}`;
    expect(second.headers["webhook-signature"]).toBe(`v1,${createHmac("sha256", secret).update(signed).digest("base64")}`);
    expect((await runs(a.id))[0]).toMatchObject({ status: "done", outcome: "200" });
    await pass(new Date());
    expect(hooks.received.length).toBe(before + 2);
  });

  it("calls no host that resolves to a private address: the run waits for a retry and says why", async () => {
    const b = await brand();
    // Allowed when saved (a name, not an address); refused by the socket's own lookup (localhost is 127.0.0.1).
    const a = await automation(b, {
      blocks: [webhookBlock({ callbackUrl: `https://localhost:${new URL(hooks.url).port}/hook`, body: "{}" })],
    });
    const before = hooks.received.length;
    await events(b, [{ eventName: "checkout started", email: "inside@example.com" }]);
    await pass(new Date());
    expect(hooks.received.length).toBe(before);
    const [run] = await rows<{ status: string; outcome: string; detail: string }>(
      `SELECT "status", "outcome", "detail" FROM "AutomationBlockRun" WHERE "automationId" = ?`,
      [a.id],
    );
    expect(run).toMatchObject({ status: "pending", outcome: "unreachable" });
    expect(run.detail).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
  });
  it("a run whose request throws (a header node:http refuses, stored before the save-time check) is counted, retried and failed after AUTOMATIONS_MAX_ATTEMPTS", async () => {
    const b = await brand();
    const a = await automation(b, {
      blocks: [webhookBlock({ callbackUrl: hooks.url, body: "{}", headers: [{ key: "X-Note", value: "ok" }] })],
    });
    // What a workflow saved before headers were checked holds: a value Node throws on (ERR_INVALID_CHAR).
    const [stored] = await rows<{ blocks: unknown }>(`SELECT "blocks" FROM "Automation" WHERE "id" = ?`, [a.id]);
    const blocks = typeof stored.blocks === "string" ? JSON.parse(stored.blocks) : stored.blocks;
    blocks[0].action.sendWebhook.headers = [{ key: "X-Note", value: "a\u0001b" }];
    await lib.writeStatement(`UPDATE "Automation" SET "blocks" = ?json WHERE "id" = ?`, [JSON.stringify(blocks), a.id]);
    const before = hooks.received.length;
    await events(b, [{ eventName: "checkout started", email: "throws@example.com" }]);
    await pass(new Date());
    const [first] = await rows<{ status: string; outcome: string; detail: string; attempts: number; claimedBy: string | null }>(
      `SELECT "status", "outcome", "detail", "attempts", "claimedBy" FROM "AutomationBlockRun" WHERE "automationId" = ?`,
      [a.id],
    );
    // Finished as an attempt: not left claimed, a retry time set, the reason kept.
    expect(first).toMatchObject({ status: "pending", outcome: "error", attempts: 1, claimedBy: null });
    expect(first.detail).toMatch(/the request could not be made: .*header/i);
    // Leases lapse and retries come due: the run ends as failed after the configured attempts (8 by default).
    for (let i = 1; i <= 12; i++) await pass(new Date(Date.now() + i * DAY));
    const [last] = await runs(a.id);
    expect(last).toMatchObject({ status: "failed", outcome: "error", attempts: 8 });
    expect(hooks.received.length).toBe(before);
  });
});

describe("triggers that are no event", () => {
  it("birthday: the contacts whose birthday moment passed since the last run, once a year", async () => {
    const b = await brand();
    const today = new Date();
    const md = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
    const tomorrow = new Date(today.getTime() + DAY);
    // A leap birth year: tomorrow may be 29 February.
    await lib.upsertContactId(b, { identifiers: [{ type: "email", id: "bday@example.com" }], birthdate: `1992-${md(tomorrow)}` } as never, {
      source: "test",
    });
    await lib.upsertContactId(
      b,
      { identifiers: [{ type: "email", id: "other@example.com" }], birthdate: `1992-${md(new Date(today.getTime() + 10 * DAY))}` } as never,
      {
        source: "test",
      },
    );
    const a = await automation(b, { trigger: { condition: { event: "birthday" } }, blocks: [tagAction("birthday")] });
    await pass(today); // the clock "tomorrow" was read from, so a test running over midnight stays consistent
    expect(await enrollments(a.id)).toEqual([]);
    const midnight = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate()));
    await pass(new Date(midnight.getTime() + HOUR + 1000));
    expect(await tagsOf(b, "bday@example.com")).toEqual(["birthday"]);
    expect(await tagsOf(b, "other@example.com")).toEqual([]);
    await pass(new Date(midnight.getTime() + 3 * HOUR + 1000));
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("entered segment: newcomers enroll, members at enable do not, leavers enroll again when they return", async () => {
    const b = await brand();
    const segment = await lib.db.segment.create({
      data: {
        id: (await import("@/lib/ids")).newId(),
        brandId: b,
        name: "VIP",
        conditionGroups: [
          { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["vip"] }] }] },
        ],
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });
    const member = (email: string, tags: string[]) =>
      lib.upsertContactId(b, { identifiers: [{ type: "email", id: email }], tags } as never, { source: "test" });
    await member("already@example.com", ["vip"]);
    const a = await automation(b, {
      trigger: {
        condition: {
          event: "entered segment",
          origin: "omnisend",
          filterGroups: [{ logicalOperator: "and", filters: [{ field: "segment_id", operator: "eq", value: segment.id }] }],
        },
      },
      blocks: [tagAction("welcomed-vip")],
    });
    await pass(new Date());
    await member("newcomer@example.com", ["vip"]);
    await pass(later(61_000));
    expect(await tagsOf(b, "newcomer@example.com")).toEqual(["vip", "welcomed-vip"]);
    expect(await tagsOf(b, "already@example.com")).toEqual(["vip"]);
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("subscribed to marketing: new email subscriptions enroll unless sendWelcomeMessage is false", async () => {
    const b = await brand();
    const a = await automation(b, { trigger: { condition: { event: "subscribed to marketing" } }, blocks: [tagAction("welcome")] });
    const subscribe = (email: string, sendWelcomeMessage: boolean) =>
      lib.upsertContactId(
        b,
        { identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } }, sendWelcomeMessage }] } as never,
        { source: "test" },
      );
    await subscribe("hello@example.com", true);
    await subscribe("quiet@example.com", false);
    await pass(later(6_000));
    expect(await tagsOf(b, "hello@example.com")).toEqual(["welcome"]);
    expect(await tagsOf(b, "quiet@example.com")).toEqual([]);
    await pass(later(12_000));
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("product back in stock: who viewed or carted it when the catalog says it is in stock again", async () => {
    const b = await brand();
    const product = (status: string) => ({
      id: "sku-1",
      title: "Blue shoes",
      url: "https://shop.example.com/p/sku-1",
      currency: "USD",
      status,
      variants: [{ id: "v1", title: "Default", url: "https://shop.example.com/p/sku-1", price: 25 }],
    });
    await lib.writeTransaction((tx) => lib.insertProduct(tx, b, product("outOfStock") as never, new Date()));
    await events(b, [
      {
        eventName: "viewed product",
        email: "viewer@example.com",
        properties: { productID: "sku-1", productTitle: "Blue shoes", url: "https://shop.example.com/p/sku-1" },
      },
      {
        eventName: "viewed product",
        email: "elsewhere@example.com",
        properties: { productID: "sku-2", productTitle: "Red", url: "https://shop.example.com/p/sku-2" },
      },
    ]);
    const a = await automation(b, { trigger: { condition: { event: "product back in stock" } }, blocks: [tagAction("restocked")] });
    await pass(new Date());
    await new Promise((r) => setTimeout(r, 5));
    await lib.writeTransaction((tx) => lib.replaceProduct(tx, b, product("inStock") as never, new Date()));
    await pass(later(31_000));
    expect(await tagsOf(b, "viewer@example.com")).toEqual(["restocked"]);
    expect(await tagsOf(b, "elsewhere@example.com")).toEqual([]);
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("product back in stock: a variant that returns while the product stays in stock, for who carted the product", async () => {
    const b = await brand();
    const url = "https://shop.example.com/p/boots";
    const boots = (sizeM: string) => ({
      id: "boots",
      title: "Boots",
      url,
      currency: "USD",
      status: "inStock",
      variants: [
        { id: "s", title: "S", url, price: 50 },
        { id: "m", title: "M", url, price: 50, status: sizeM },
      ],
    });
    await lib.writeTransaction((tx) => lib.insertProduct(tx, b, boots("outOfStock") as never, new Date()));
    await events(b, [
      {
        eventName: "added product to cart",
        email: "carter@example.com",
        properties: { lineItems: [{ productID: "boots", productQuantity: 1 }] },
      },
    ]);
    const a = await automation(b, { trigger: { condition: { event: "product back in stock" } }, blocks: [tagAction("restocked")] });
    await pass(new Date());
    await new Promise((r) => setTimeout(r, 5));
    await lib.writeTransaction((tx) => lib.replaceProduct(tx, b, boots("outOfStock") as never, new Date()));
    await pass(later(31_000));
    expect(await tagsOf(b, "carter@example.com")).toEqual([]);
    await lib.writeTransaction((tx) => lib.replaceProduct(tx, b, boots("inStock") as never, new Date()));
    await pass(later(62_000));
    expect(await tagsOf(b, "carter@example.com")).toEqual(["restocked"]);
    expect(await enrollments(a.id)).toHaveLength(1);
  });
});
