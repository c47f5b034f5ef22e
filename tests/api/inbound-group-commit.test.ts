// A bounce storm's outcomes commit in groups (lib/delivery/webhooks/apply-events.ts): the events of one
// applyProviderEvents call that carry `once` (mail that comes back, lib/inbound/handle.ts) are queued together,
// so the writer commits them as one transaction, each in its own savepoint, instead of one commit each (the
// commit was half of a notice's database time in bench:inbound). Each outcome still applies as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTextBlockTemplate, startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

const SOURCE = { kind: "campaign", id: "group-commit" };
const NAMES = ["ada", "bo", "cy", "di"];
let env: DeliveryEnv;
let lib: typeof import("@/lib/delivery");
let timing: typeof import("@/lib/db/statement-timing");
let brandId = "";
let transactionsCommitTogether: () => boolean;
const refs: Record<string, string> = {};

beforeAll(async () => {
  env = await startDeliveryEnv({ DELIVERY_PAUSE_MIN_SENT: "100" });
  lib = await import("@/lib/delivery");
  timing = await import("@/lib/db/statement-timing");
  ({ transactionsCommitTogether } = await import("@/lib/db/capabilities"));
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markDomainVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  const key = (await createApiKey(brandId, "test")).key;
  await markDomainVerified(brandId, "acme.test");
  const template = await env.call("/api/email-templates", { key, body: oneTextBlockTemplate("Sale", "<p>Hi</p>") });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const contactIds: string[] = [];
  for (const name of NAMES) {
    const res = await env.call("/api/contacts", {
      key,
      body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }] },
    });
    contactIds.push(res.body.id);
  }
  await lib.enqueueMessages(brandId, {
    source: SOURCE,
    content: { templateId: template.body.id, subject: "Sale", senderName: "Acme", senderEmail: "news@acme.test", utm: null },
    recipients: contactIds.map((contactId) => ({ contactId })),
  });
  await env.sink.waitFor(NAMES.length, 60_000);
  for (const name of NAMES) {
    const r = env.sink.received.find((m) => m.to.includes(`${name}@inbox.test`))!;
    refs[name] = /^X-Inkwell-Message-ID: (\S+)\r$/m.exec(r.raw)![1];
  }
  await until(
    () => lib.sourceStats(brandId, SOURCE),
    (s) => s.pending === 0,
  );
}, 120_000);

afterAll(async () => {
  timing?.timeStatements(false);
  await env?.stop();
});

async function statusOf(name: string): Promise<string> {
  const { sqlReader } = await import("@/lib/db/sql");
  const rows = await sqlReader().all<{ status: string }>(`SELECT "status" FROM "Message" WHERE "id" = ?`, [
    lib.messageRefOf(refs[name])!.id,
  ]);
  return rows[0].status;
}

const bounce = (name: string, once: () => boolean = () => true): import("@/lib/delivery").OnceEvent => ({
  type: "bounce",
  bounceType: "hard",
  messageRef: refs[name],
  detail: "550 5.1.1 no such user",
  once: async () => once(),
});

describe("applyProviderEvents with `once` events", () => {
  it("commits a group's outcomes in one transaction, and each applies as it did one by one", async () => {
    timing.timeStatements(true);
    const applied = await lib.applyProviderEvents([bounce("ada"), bounce("bo"), bounce("cy", () => false)]);
    const commits = timing.takeStatementTimes().find((t) => t.statement === "COMMIT")?.count;
    timing.timeStatements(false);
    // One commit for the three (before: one each, 3); the auto-pause's check writes nothing here. PostgreSQL
    // commits each on its own connection (lib/db/capabilities.ts transactionsCommitTogether).
    if (transactionsCommitTogether()) expect(commits).toBe(1);
    expect(applied.map((a) => a.status)).toEqual(["applied", "applied", "ignored"]);
    expect(await statusOf("ada")).toBe("bounced");
    expect(await statusOf("bo")).toBe("bounced");
    // Its `once` said it was applied already: nothing changed.
    expect(await statusOf("cy")).toBe("sent");
  });

  it("applies a second event about the same message after the first committed (it sees the first's outcome)", async () => {
    // Not queued together: the second reads the message after the first's commit, as one by one.
    timing.timeStatements(true);
    const applied = await lib.applyProviderEvents([bounce("di"), bounce("di")]);
    const commits = timing.takeStatementTimes().find((t) => t.statement === "COMMIT")?.count;
    timing.timeStatements(false);
    if (transactionsCommitTogether()) expect(commits).toBe(2);
    expect(applied.map((a) => a.status)).toEqual(["applied", "applied"]);
    expect(await statusOf("di")).toBe("bounced");
  });
});
