// The confirmation email's content is kept per brand, name and sender (confirmation-email.ts): the same one
// for every signup, and a new one as soon as what it is made of changes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-confirmation-"));
let confirmationContent: typeof import("./confirmation-email").confirmationContent;
let db: typeof import("@/lib/db").db;

beforeAll(async () => {
  Object.assign(process.env, { DATABASE_URL: `file:${path.join(dir, "forms.db")}`, AUTH_SECRET: "unit-test-secret-form-confirmation" });
  await (await import("../../scripts/db/migrate")).applyMigrations();
  ({ confirmationContent } = await import("./confirmation-email"));
  ({ db } = await import("@/lib/db"));
});

describe("confirmationContent", () => {
  it("is one stored content per brand, brand name and sender, and follows a rename at once", async () => {
    await db.brand.create({ data: { id: "b".repeat(24), name: "Old Name", features: {} } });
    const first = await confirmationContent("b".repeat(24), null);
    const again = await confirmationContent("b".repeat(24), null);
    expect(again.id).toBe(first.id);
    expect(first.senderName).toBe("Old Name");

    await db.brand.update({ where: { id: "b".repeat(24) }, data: { name: "New Name" } });
    const renamed = await confirmationContent("b".repeat(24), null);
    expect(renamed.id).not.toBe(first.id);
    expect(renamed.senderName).toBe("New Name");
    expect(JSON.stringify(renamed.document)).toContain("New Name");

    const own = await confirmationContent("b".repeat(24), { email: "news@shop.example", name: "Shop News" });
    expect(own).toMatchObject({ senderEmail: "news@shop.example", senderName: "Shop News" });
    expect(await db.messageContent.count({ where: { brandId: "b".repeat(24) } })).toBe(3);
  });
});
