// Signup forms' double opt-in, end to end against the built server and an SMTP sink (issue 40): a
// submission leaves the contact not subscribed and queues a confirmation email from the brand's sender in
// the brand's own lane; the email holds nothing the visitor typed; its link subscribes (through the same
// path as every subscription: the status history the "subscribed to marketing" trigger reads), keeps the
// consent record, and a second click changes nothing; single opt-in subscribes at once; the lane pauses
// itself when its bounces spike and says why.
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchSolvedAltcha } from "../fixtures/altcha";
import { startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

let env: DeliveryEnv;
let key = "";
let brandId = "";
let lib: {
  db: typeof import("@/lib/db").db;
  sqlReader: typeof import("@/lib/db/sql").sqlReader;
  automationsPass: typeof import("@/lib/automations/engine/run-worker").automationsPass;
};

beforeAll(async () => {
  env = await startDeliveryEnv({ FORMS_CONFIRMATIONS_PER_MINUTE: "6000", TRUST_PROXY: "1" });
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const brand = await createBrand({ name: "Fern & Co", plan: "standard" });
  brandId = brand.id;
  key = (await createApiKey(brand.id, "test")).key;
  lib = {
    ...(await import("@/lib/db")),
    ...(await import("@/lib/db/sql")),
    ...(await import("@/lib/automations/engine/run-worker")),
  };
}, 180_000);

afterAll(async () => {
  await env?.stop();
});

/** A submission as the page's script makes it: with the form's challenge solved. */
const post = async (formId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${env.server.baseUrl}/f/${formId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "FormsTest/1.0", "X-Forwarded-For": "203.0.113.7", ...headers },
    body: JSON.stringify({ altcha: await fetchSolvedAltcha(env.server.baseUrl, formId), ...body }),
  });

async function createForm(body: Record<string, unknown>) {
  const res = await env.call("/api/forms", { key, body: { name: "Newsletter", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; publicURL: string };
}

const identifier = (email: string) =>
  lib.db.contactIdentifier.findFirst({ where: { brandId, type: "email", value: email }, select: { contactId: true, status: true } });

async function mailTo(address: string) {
  const mail = await until(
    async () => env.sink.received.find((m) => m.to.includes(address)),
    (m) => m !== undefined,
    30_000,
  );
  return simpleParser(mail!.raw);
}

describe("double opt-in through the SMTP sink", () => {
  it("the link subscribes, fires the trigger, keeps the consent record; a second click changes nothing; the email holds nothing typed", async () => {
    const { createAutomation } = await import("@/lib/automations/write-automation");
    const { enableAutomation } = await import("@/lib/automations/enable-automation");
    const welcome = await createAutomation(brandId, {
      name: "Welcome",
      trigger: { condition: { event: "subscribed to marketing" } },
      blocks: [{ temporaryID: "t", type: "action", action: { type: "addTag", addTag: { value: "welcomed" } } }],
    } as never);
    await enableAutomation(brandId, welcome.id, false);

    const topicIDs: string[] = [];
    for (const name of ["Offers", "Recipes"]) {
      const topic = await env.call("/api/subscription-topics", { key, body: { name } });
      expect(topic.status, JSON.stringify(topic.body)).toBe(201);
      topicIDs.push((topic.body as { id: string }).id);
    }
    const form = await createForm({ fields: [{ name: "firstName", label: "First name", required: true }], topicIDs });
    expect((await fetch(form.publicURL.replace(/^https?:\/\/[^/]+/, env.server.baseUrl))).status).toBe(200);
    const email = "ada.visitor@example.com";
    const typedName = "Zyxwvut Visit https://evil.example/login";
    const res = await post(form.id, { email, firstName: typedName, topicIDs: [topicIDs[1]] });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toMatchObject({ status: "ok", confirmationRequired: true });

    // Not subscribed until the click.
    expect((await identifier(email))?.status).toBe("nonSubscribed");

    const mail = await mailTo(email);
    expect(mail.from?.value[0]).toMatchObject({ address: "no-reply@inkwell.test", name: "Fern & Co" });
    const body = `${mail.subject}\n${mail.html}\n${mail.text}`;
    for (const typed of ["Zyxwvut", "evil.example", "ada.visitor"]) expect(body).not.toContain(typed);
    const link = /https?:\/\/[^\s"<>]+\/f\/confirm\/[A-Za-z0-9._-]+/.exec(mail.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;

    const head = await fetch(env.server.baseUrl + path, { method: "HEAD" });
    expect(head.status).toBe(200);
    // A mail scanner's prefetch (GET) gets the page with the button, and confirms nothing.
    const page = await fetch(env.server.baseUrl + path, { headers: { "User-Agent": "Scanner/1.0" } });
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Confirm my subscription");
    expect(pageHtml).toContain(`<form method="post" action="${path}">`);
    expect((await identifier(email))?.status).toBe("nonSubscribed");

    const click = await fetch(env.server.baseUrl + path, { method: "POST", headers: { "User-Agent": "Clicker/2.0" } });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain("Subscription confirmed");
    const after = await identifier(email);
    expect(after?.status).toBe("subscribed");
    const contact = await lib.db.contact.findUnique({ where: { id: after!.contactId }, select: { firstName: true } });
    expect(contact?.firstName).toBe(typedName);

    // Subscribed to the topic the person chose, not to the other one the form offered.
    const topics = (await env.call(`/api/contacts/${after!.contactId}/subscription-topics`, { key })).body as {
      topics: { topicID: string; status: string; source: string | null }[];
    };
    expect(topics.topics.map((t) => [t.topicID, t.status])).toEqual([
      [topicIDs[0], "nonSubscribed"],
      [topicIDs[1], "subscribed"],
    ]);

    const submission = await lib.db.formSubmission.findFirst({ where: { formId: form.id } });
    expect(submission).toMatchObject({
      status: "confirmed",
      ip: "203.0.113.7",
      userAgent: "FormsTest/1.0",
      consentText: "I agree to receive marketing emails. I can unsubscribe at any time.",
    });
    expect(submission?.confirmedAt).toBeTruthy();
    const consents = await lib.db.contactConsent.findMany({ where: { contactId: after!.contactId } });
    expect(consents).toEqual([expect.objectContaining({ source: `form ${form.id}`, ip: "203.0.113.7", userAgent: "FormsTest/1.0" })]);

    const again = await fetch(env.server.baseUrl + path, { method: "POST" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Already confirmed");
    const revisit = await fetch(env.server.baseUrl + path);
    expect(await revisit.text()).toContain("Already confirmed");
    const changes = await lib.db.contactStatusChange.findMany({ where: { contactId: after!.contactId, to: "subscribed" } });
    expect(changes).toHaveLength(1);
    expect(changes[0].source).toBe("signup-form");

    // The "subscribed to marketing" trigger reads that change: the Welcome workflow greets the contact.
    await until(
      async () => {
        await lib.automationsPass({
          workerId: "forms-test",
          batchSize: 100,
          idleMs: 1,
          leaseMs: 60_000,
          clock: () => new Date(Date.now() + 6_000),
        });
        return lib.db.contactTag.findMany({ where: { contactId: after!.contactId }, select: { tag: true } });
      },
      (tags) => tags.some((t) => t.tag === "welcomed"),
      30_000,
    );

    const figures = (await env.call(`/api/forms/${form.id}`, { key })).body.figures;
    expect(figures).toMatchObject({ views: 1, submissions: 1, confirmations: 1, conversion: 1 });
  }, 90_000);

  it('a click whose subscription fails confirms nothing: the next click subscribes (not "Already confirmed")', async () => {
    const topic = await env.call("/api/subscription-topics", { key, body: { name: "Atomic news" } });
    expect(topic.status, JSON.stringify(topic.body)).toBe(201);
    const topicID = (topic.body as { id: string }).id;
    const form = await createForm({ topicIDs: [topicID] });
    const email = "half.confirmed@example.com";
    expect((await post(form.id, { email, topicIDs: [topicID] })).status).toBe(200);
    const path = new URL(/https?:\/\/[^\s"<>]+\/f\/confirm\/[A-Za-z0-9._-]+/.exec((await mailTo(email)).text ?? "")![0]).pathname;
    const { contactId } = (await identifier(email))!;

    // The address now belongs to another contact (a merge, an import): the contact's write refuses it.
    const other = await env.call("/api/contacts", { key, body: { identifiers: [{ type: "email", id: "someone.else@example.com" }] } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const move = (to: string) =>
      lib.db.contactIdentifier.updateMany({ where: { brandId, type: "email", value: email }, data: { contactId: to } });
    await move((other.body as { id: string }).id);
    const failed = await fetch(env.server.baseUrl + path, { method: "POST" });
    // (The route has no page for this: the person sees an error, and the submission stays pending.)
    expect(failed.ok).toBe(false);
    expect(await failed.text()).not.toContain("Subscription confirmed");
    expect(await lib.db.formSubmission.findFirst({ where: { formId: form.id }, select: { status: true } })).toEqual({ status: "pending" });

    // Put right, the next click subscribes the contact, its topic and the counter, once.
    await move(contactId);
    const click = await fetch(env.server.baseUrl + path, { method: "POST" });
    expect(await click.text()).toContain("Subscription confirmed");
    expect(await identifier(email)).toEqual({ contactId, status: "subscribed" });
    const topics = (await env.call(`/api/contacts/${contactId}/subscription-topics`, { key })).body as {
      topics: { topicID: string; status: string }[];
    };
    expect(topics.topics.find((t) => t.topicID === topicID)?.status).toBe("subscribed");
    expect((await env.call(`/api/forms/${form.id}`, { key })).body.figures).toMatchObject({ submissions: 1, confirmations: 1 });
  }, 90_000);

  it("the same address submitted twice while pending gets one confirmation email; the second submission updates the first", async () => {
    const form = await createForm({ fields: [{ name: "firstName", label: "First name" }] });
    const email = "twice.visitor@example.com";
    const from = { "X-Forwarded-For": "198.51.100.4" };
    const before = env.sink.total();
    expect((await post(form.id, { email, firstName: "First" }, from)).status).toBe(200);
    expect((await post(form.id, { email, firstName: "Second" }, from)).status).toBe(200);
    const messages = await lib.sqlReader().all(`SELECT "id" FROM "Message" WHERE "brandId" = ? AND "email" = ?`, [brandId, email]);
    expect(messages).toHaveLength(1);
    const submissions = await lib.db.formSubmission.findMany({ where: { formId: form.id } });
    expect(submissions).toHaveLength(1);
    expect(submissions[0].fields).toEqual({ firstName: "Second" });
    await mailTo(email);
    await new Promise((r) => setTimeout(r, 1000));
    expect(env.sink.received.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
    const figures = (await env.call(`/api/forms/${form.id}`, { key })).body.figures;
    expect(figures).toMatchObject({ submissions: 1 });
  }, 60_000);

  it("concurrent submissions take distinct slots of the lane (the slot is read under the row's lock)", async () => {
    const { takeSlot } = await import("@/lib/forms/lane");
    const { writeTransaction } = await import("@/lib/db/sql");
    const lane = `lane-race-${Date.now()}`;
    const now = new Date();
    const slots = await Promise.all(Array.from({ length: 20 }, () => writeTransaction((tx) => takeSlot(tx, lane, now))));
    expect(new Set(slots.map((s) => s.getTime())).size).toBe(20);
  });

  it("a forged or damaged link is refused and subscribes nobody", async () => {
    const forged = `${env.server.baseUrl}/f/confirm/${"a".repeat(24)}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await fetch(forged)).status).toBe(404);
    expect((await fetch(forged, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${env.server.baseUrl}/f/confirm/%00%ff`)).status).toBe(400);
  });

  it("a suppressed address is answered as a success, gets no confirmation email and is counted", async () => {
    const email = "suppressed.visitor@example.com";
    const suppression = await env.call("/api/suppressions", { key, body: { email } });
    expect(suppression.status, JSON.stringify(suppression.body)).toBe(201);
    const form = await createForm({});
    const before = env.sink.total();
    const res = await post(form.id, { email });
    expect(await res.json()).toMatchObject({ status: "ok", confirmationRequired: true });
    const messages = await lib.sqlReader().all(`SELECT "id" FROM "Message" WHERE "brandId" = ? AND "email" = ?`, [brandId, email]);
    expect(messages).toEqual([]);
    expect(await lib.db.formSubmission.findFirst({ where: { formId: form.id } })).toBeNull();
    const figures = (await env.call(`/api/forms/${form.id}`, { key })).body.figures;
    expect(figures).toMatchObject({ submissions: 0, dropped: { suppressed: 1 } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(env.sink.received.slice(before).some((m) => m.to.includes(email))).toBe(false);
  });

  it("single opt-in subscribes at once and sends no confirmation", async () => {
    const form = await createForm({ doubleOptIn: false });
    const before = env.sink.total();
    const res = await post(form.id, { email: "instant@example.com" });
    expect(await res.json()).toMatchObject({ status: "ok", confirmationRequired: false });
    expect((await identifier("instant@example.com"))?.status).toBe("subscribed");
    await new Promise((r) => setTimeout(r, 1000));
    expect(env.sink.received.slice(before).some((m) => m.to.includes("instant@example.com"))).toBe(false);
  });

  it("the confirmation lane pauses itself when its bounces spike, shows why, and holds what comes after", async () => {
    // A brand of its own: its lane has sent nothing else, so it pauses at the fourth bounce, once all four
    // are out (with the file's earlier sends counted it could pause at the third and hold the fourth, which
    // the resume would send first, bouncing it into a second pause that holds the rest).
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const brand = await createBrand({ name: "Bounce & Co", plan: "standard" });
    const brandKey = (await createApiKey(brand.id, "test")).key;
    const created = await env.call("/api/forms", { key: brandKey, body: { name: "Newsletter" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const form = created.body as { id: string };
    for (let i = 1; i <= 4; i++) expect((await post(form.id, { email: `gone@bounce${i}.example` })).status).toBe(200);
    const lane = await until(
      async () => (await env.call(`/api/forms/${form.id}`, { key: brandKey })).body.confirmationLane,
      (l) => l.status === "paused",
      30_000,
    );
    expect(lane.reason).toMatch(/^Bounce rate/);
    const heldTo = ["held@example.com", "held2@example.com", "held3@example.com"];
    for (const email of heldTo) await post(form.id, { email }, { "X-Forwarded-For": "198.51.100.9" });
    const held = await until(
      () =>
        lib
          .sqlReader()
          .all<{ status: string }>(`SELECT "status" FROM "Message" WHERE "brandId" = ? AND "email" IN (?, ?, ?)`, [brand.id, ...heldTo]),
      (rows) => rows.length === 3,
    );
    expect(held.map((m) => m.status)).toEqual(["paused", "paused", "paused"]);
    const resumedAt = Date.now();
    const resumed = await env.call("/api/forms/confirmation-lane/resume", { key: brandKey, method: "POST" });
    expect(resumed.body).toMatchObject({ status: "active" });
    // The lane's rate holds on resume too: each held email takes a slot of its own (6000 a minute here, 10 ms
    // apart), so the lane's next free slot is three slots past the resume, not where the held posts left it.
    // (The lane's row, not the messages: the worker's claim rewrites their nextAttemptAt at once.)
    const [lane2] = await lib
      .sqlReader()
      .all<{ nextSlotAt: unknown }>(`SELECT "nextSlotAt" FROM "FormConfirmationLane" WHERE "brandId" = ?`, [brand.id]);
    const { dateValue } = await import("@/lib/db/values");
    expect(dateValue(lane2.nextSlotAt).getTime() - resumedAt).toBeGreaterThanOrEqual(30);
    for (const email of heldTo) await mailTo(email);
  }, 90_000);
});
