import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventContact } from "../event-contact";

// The module opens no connection until a query runs; point it at a scratch file all the same.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "resolve-contacts-"));
let ContactResolver: typeof import("./resolve-contacts").ContactResolver;

beforeAll(async () => {
  process.env.DATABASE_URL = `file:${path.join(dir, "unused.db")}`;
  ({ ContactResolver } = await import("./resolve-contacts"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records the order in which contacts are written; the first write of each run is the slow one. */
function recordingResolver(owners: Record<string, string> = {}) {
  const Recording = class extends ContactResolver {
    order: string[] = [];
    // Every contact goes through resolve() here, new ones too (no bulk creation in the database).
    protected override async createNew(): Promise<Map<number, string>> {
      return new Map();
    }
    override async resolve(_brandId: string, contact: EventContact | undefined): Promise<string | null> {
      const name = contact?.firstName ?? "";
      await sleep(name.endsWith("slow") ? 30 : 0);
      this.order.push(name);
      return "contact-1";
    }
  };
  const resolver = new Recording();
  const known = (resolver as unknown as { owners: Map<string, string> }).owners;
  for (const [identifier, contactId] of Object.entries(owners)) known.set(`brand-1\u0000${identifier.replace(":", "\u0000")}`, contactId);
  return resolver;
}

describe("ContactResolver.resolveAll", () => {
  it("writes the contacts of events that share an identifier in event order, others concurrently", async () => {
    const resolver = recordingResolver();
    const results = await resolver.resolveAll([
      { brandId: "brand-1", contact: { email: "a@example.com", firstName: "a1 slow" } },
      { brandId: "brand-1", contact: { email: "b@example.com", firstName: "b1" } },
      { brandId: "brand-1", contact: { email: "A@example.com", firstName: "a2" } },
    ]);
    expect(results).toEqual([{ contactId: "contact-1" }, { contactId: "contact-1" }, { contactId: "contact-1" }]);
    expect(resolver.order).toEqual(["b1", "a1 slow", "a2"]);
  });

  it("chains events that name one known contact by different identifiers (email, then its phone)", async () => {
    const resolver = recordingResolver({ "email:a@example.com": "contact-1", "phone:+14155550123": "contact-1" });
    await resolver.resolveAll([
      { brandId: "brand-1", contact: { email: "a@example.com", firstName: "by email slow" } },
      { brandId: "brand-1", contact: { phone: "+14155550123", firstName: "by phone" } },
    ]);
    expect(resolver.order).toEqual(["by email slow", "by phone"]);
  });

  it("chains events that name one contact by its id, and by its id and an identifier it owns", async () => {
    const resolver = recordingResolver({ "email:a@example.com": "6b0500000000000000000001" });
    await resolver.resolveAll([
      { brandId: "brand-1", contact: { id: "6b0500000000000000000001", firstName: "by id slow" } },
      { brandId: "brand-1", contact: { id: "6b0500000000000000000001", firstName: "by id again" } },
      { brandId: "brand-1", contact: { email: "a@example.com", firstName: "by email" } },
    ]);
    expect(resolver.order).toEqual(["by id slow", "by id again", "by email"]);
  });
});
