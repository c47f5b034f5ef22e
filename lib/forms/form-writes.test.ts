// A submission's writes carried to the worker thread's writer (form-writes-thread.ts): the request thread's
// side and the worker's side on one channel (one thread suffices), against a real database file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-writes-"));
const brandId = "c".repeat(24);
const formId = "d".repeat(24);
let db: typeof import("@/lib/db").db;

beforeAll(async () => {
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "forms.db")}`,
    AUTH_SECRET: "unit-test-secret-form-writes",
    FORMS_CONFIRMATIONS_PER_MINUTE: "600",
  });
  await (await import("../../scripts/db/migrate")).applyMigrations();
  ({ db } = await import("@/lib/db"));
  await db.brand.create({ data: { id: brandId, name: "Thread Shop", features: {} } });
}, 60_000);

afterAll(async () => {
  await (await import("@/lib/db")).closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The two ends of a writes channel, served on this thread; `close` ends it. */
async function served() {
  const { ThreadFormWrites, serveFormWrites } = await import("./form-writes-thread");
  const { port1, port2 } = new MessageChannel();
  serveFormWrites(port2);
  return { writes: new ThreadFormWrites(port1), server: port2, close: () => port1.close() };
}

/** A submission to `form` (this file's by default) from `ip`, with its own confirmation message id. */
async function submissionOf(ip: string, form = { id: formId, brandId }) {
  const { confirmationContent } = await import("./confirmation-email");
  const { newId } = await import("@/lib/ids");
  const contentId = (await confirmationContent(form.brandId, null)).id;
  const now = new Date();
  return (email: string, brand = form.brandId) => ({
    form: { id: form.id, brandId: brand },
    email,
    fields: {},
    topicIds: [] as string[],
    consentText: "Yes, email me.",
    ip,
    userAgent: "vitest",
    now,
    messageId: newId(),
    contentId,
  });
}

describe("a submission's writes through the worker thread's channel", () => {
  it("spends a solution once and stores the submission with its confirmation email, answered after the commit", async () => {
    const { confirmationContent } = await import("./confirmation-email");
    const { newId } = await import("@/lib/ids");
    const { writes, server, close } = await served();
    try {
      const expires = new Date(Date.now() + 60_000);
      expect(await writes.spend("e".repeat(64), expires)).toBe(true);
      expect(await writes.spend("e".repeat(64), expires)).toBe(false);
      // Writes asked for in one turn travel in one message and are answered each with its own outcome.
      let messages = 0;
      server.on("message", () => messages++);
      const same = await Promise.all([writes.spend("a".repeat(64), expires), writes.spend("a".repeat(64), expires)]);
      expect(same.sort()).toEqual([false, true]);
      expect(messages).toBe(1);

      const messageId = newId();
      const submission = {
        form: { id: formId, brandId },
        email: "thread.visitor@example.com",
        fields: { firstName: "Pat" },
        topicIds: [],
        consentText: "Yes, email me.",
        ip: "198.18.0.1",
        userAgent: "vitest",
        now: new Date(),
        messageId,
        contentId: (await confirmationContent(brandId, null)).id,
      };
      const stored = await writes.store(submission);
      expect(stored).toMatchObject({ queued: true, due: true }); // the lane's first slot: now
      // Another address at once takes the lane's next slot (600 a minute: 100 ms on): not due, no wake.
      const next = await writes.store({ ...submission, email: "thread.second@example.com", messageId: newId() });
      expect(next).toMatchObject({ queued: true, due: false });
      const row = await db.formSubmission.findUnique({ where: { id: stored.submissionId } });
      expect(row).toMatchObject({ formId, email: "thread.visitor@example.com", messageId, status: "pending", ip: "198.18.0.1" });
      expect(await db.message.findUnique({ where: { id: messageId } })).toMatchObject({ sourceKind: "form-confirmation" });
      // the same address again while the first waits for its click: updated, nothing queued
      expect(await writes.store({ ...submission, messageId: newId() })).toEqual({ submissionId: stored.submissionId, queued: false });
    } finally {
      close();
    }
  });

  it("stores the submissions of one message together: one statement per table, the lane's slots in order", async () => {
    const { timeStatements, takeStatementTimes } = await import("@/lib/db/statement-timing");
    const otherBrand = "b".repeat(24);
    const otherForm = "a".repeat(24);
    await db.brand.create({ data: { id: otherBrand, name: "Batch Shop", features: {} } });
    const { writes, close } = await served();
    try {
      const submission = await submissionOf("198.18.0.2", { id: otherForm, brandId: otherBrand });
      const now = submission("x@example.com").now;
      const batch = Array.from({ length: 20 }, (_, i) => submission(`batch.${i}@example.com`));
      timeStatements(true);
      const stored = await Promise.all(batch.map((s) => writes.store(s)));
      const statements = takeStatementTimes().reduce((n, t) => n + t.count, 0);
      timeStatements(false);
      // One transaction: BEGIN, the look-up, Contact, ContactIdentifier, ContactStatusChange, FormSubmission,
      // FormCounter, the lane (2), DeliverySource, Message, MessageCounter, COMMIT (one each per submission: 260).
      expect(statements).toBeLessThanOrEqual(16);
      expect(new Set(stored.map((s) => s.submissionId)).size).toBe(20);
      // 600 a minute: the first is due now, each next one 100 ms after the one before.
      expect(stored.map((s) => s.due)).toEqual([true, ...Array(19).fill(false)]);
      const messages = await db.message.findMany({ where: { brandId: otherBrand }, orderBy: { nextAttemptAt: "asc" } });
      expect(messages.map((m) => m.id)).toEqual(batch.map((s) => s.messageId));
      expect(messages.map((m) => m.nextAttemptAt.getTime() - now.getTime())).toEqual(batch.map((_, i) => i * 100));
      const counter = await db.formCounter.findUnique({ where: { formId_metric: { formId: otherForm, metric: "submissions" } } });
      expect(counter?.count).toBe(20);
      const rows = await db.formSubmission.findMany({ where: { brandId: otherBrand } });
      const identifiers = await db.contactIdentifier.findMany({ where: { contactId: { in: rows.map((r) => r.contactId) } } });
      expect(identifiers.map((i) => i.value).sort()).toEqual(batch.map((s) => s.email).sort());

      // A known address and one posted twice in a message: stored after the batch, the pending one updated.
      const again = await Promise.all([
        writes.store(submission("batch.0@example.com")),
        writes.store(submission("batch.new@example.com")),
        writes.store(submission("batch.new@example.com")),
      ]);
      expect(again[0]).toEqual({ submissionId: stored[0].submissionId, queued: false });
      expect(again[1]).toMatchObject({ queued: true, due: false });
      expect(again[2]).toEqual({ submissionId: again[1].submissionId, queued: false });
      expect(await db.message.count({ where: { brandId: otherBrand } })).toBe(21);
    } finally {
      close();
    }
  });

  it("stores a message's submissions one by one when their batch fails: each gets its own outcome", async () => {
    const { writes, close } = await served();
    try {
      const submission = await submissionOf("198.18.0.3");
      // A brand that does not exist fails its rows' foreign keys, and with them the batch's transaction.
      const outcomes = await Promise.allSettled([
        writes.store(submission("fallback.one@example.com")),
        writes.store(submission("fallback.ghost@example.com", "0".repeat(24))),
        writes.store(submission("fallback.two@example.com")),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await db.formSubmission.count({ where: { email: { startsWith: "fallback." } } })).toBe(2);
    } finally {
      close();
    }
  });

  it("spends a solution and stores its submission in one message; a replay is stored nothing", async () => {
    const { writes, server, close } = await served();
    try {
      let messages = 0;
      server.on("message", () => messages++);
      const submission = await submissionOf("198.18.0.4");
      const expires = new Date(Date.now() + 60_000);
      const [stored, replay, other] = await Promise.all([
        writes.spendAndStore("1".repeat(64), expires, submission("once.first@example.com")),
        writes.spendAndStore("1".repeat(64), expires, submission("once.replay@example.com")),
        writes.spendAndStore("2".repeat(64), expires, submission("once.other@example.com")),
      ]);
      expect(messages).toBe(1);
      expect(stored).toMatchObject({ queued: true });
      expect(replay).toBe("replayed");
      expect(other).toMatchObject({ queued: true });
      expect((await db.formSubmission.findMany({ where: { email: { startsWith: "once." } } })).map((r) => r.email).sort()).toEqual([
        "once.first@example.com",
        "once.other@example.com",
      ]);
      expect(await writes.spendAndStore("2".repeat(64), expires, submission("once.late@example.com"))).toBe("replayed");
    } finally {
      close();
    }
  });

  it("fails what was not answered when the thread is gone", async () => {
    const { ThreadFormWrites } = await import("./form-writes-thread");
    const { port1 } = new MessageChannel(); // nobody serves the other end
    const writes = new ThreadFormWrites(port1);
    const spending = writes.spend("f".repeat(64), new Date(Date.now() + 60_000));
    writes.fail(new Error("the worker thread exited"));
    await expect(spending).rejects.toThrow("the worker thread exited");
    port1.close();
  });
});
