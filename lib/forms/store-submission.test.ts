// A submission's writes (store-submission.ts, the spent challenge of firewall/challenge.ts) against a real
// database file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-store-"));
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

describe("a submission's writes", () => {
  it("spend a solution once and store the submission with its confirmation email", async () => {
    const { spendSolution } = await import("./firewall/challenge");
    const { storeSubmission } = await import("./store-submission");
    const { confirmationContent } = await import("./confirmation-email");
    const { newId } = await import("@/lib/ids");
    const writes = { spend: spendSolution, store: storeSubmission };
    {
      const expires = new Date(Date.now() + 60_000);
      expect(await writes.spend("e".repeat(64), expires)).toBe(true);
      expect(await writes.spend("e".repeat(64), expires)).toBe(false);

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
      expect(stored.queued).toBe(true);
      const row = await db.formSubmission.findUnique({ where: { id: stored.submissionId } });
      expect(row).toMatchObject({ formId, email: "thread.visitor@example.com", messageId, status: "pending", ip: "198.18.0.1" });
      expect(await db.message.findUnique({ where: { id: messageId } })).toMatchObject({ sourceKind: "form-confirmation" });
      // the same address again while the first waits for its click: updated, nothing queued
      expect(await writes.store({ ...submission, messageId: newId() })).toEqual({ submissionId: stored.submissionId, queued: false });
    }
  });
});
