import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PROFILE_FIELDS } from "@/lib/contacts/profile-fields";

// The events worker looks up a batch's identifiers and profiles on the writer's connection (writerRead):
// the file database empties a connection's page cache whenever another connection committed, so on the
// reader (which never writes) every batch read its index pages again while the worker's own commits went
// on, more pages as the tables grew (docs/performance.md, "Events"). Shown here by the reads waiting for
// the writer's turn (a file database has one writer): the reader would answer at once.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prefetch-connection-"));
let db: typeof import("@/lib/db");
let sql: typeof import("@/lib/db/sql");
let ContactResolver: typeof import("./resolve-contacts").ContactResolver;

beforeAll(async () => {
  process.env.DATABASE_URL = `file:${path.join(dir, "test.db")}`;
  db = await import("@/lib/db");
  sql = await import("@/lib/db/sql");
  ({ ContactResolver } = await import("./resolve-contacts"));
  await sql.writeTransaction(async (tx) => {
    await tx.run(`CREATE TABLE "ContactIdentifier" ("brandId" TEXT, "type" TEXT, "value" TEXT, "contactId" TEXT)`);
    await tx.run(`CREATE UNIQUE INDEX "ContactIdentifier_brandId_type_value_key" ON "ContactIdentifier"("brandId", "type", "value")`);
    await tx.run(`CREATE TABLE "Contact" ("id" TEXT PRIMARY KEY, "brandId" TEXT, ${PROFILE_FIELDS.map((f) => `"${f}" TEXT`).join(", ")})`);
    await tx.run(`INSERT INTO "ContactIdentifier" VALUES ('brand-1', 'email', 'a@example.com', 'contact-1')`);
    await tx.run(`INSERT INTO "Contact" ("id", "brandId", "firstName") VALUES ('contact-1', 'brand-1', 'Ada')`);
  });
});
afterAll(async () => {
  await db.closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("reads a batch's contacts on the writer's connection (in its turn), not on the reader", async () => {
  let release!: () => void;
  const holding = sql.writeTransaction(() => new Promise<void>((resolve) => (release = resolve)));
  await sleep(20); // the writer's turn is taken
  const resolver = new ContactResolver();
  let done = false;
  const prefetched = resolver.prefetch([{ brandId: "brand-1", contact: { email: "a@example.com", firstName: "Ada" } }]).then(() => {
    done = true;
  });
  await sleep(50);
  expect(done).toBe(false); // waits for the writer's turn
  release();
  await Promise.all([holding, prefetched]);
  // What it read: the owner and the profile, so an event repeating the stored name writes nothing.
  expect(await resolver.resolve("brand-1", { email: "a@example.com", firstName: "Ada" })).toBe("contact-1");
});
