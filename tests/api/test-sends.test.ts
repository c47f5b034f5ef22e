// Test sends over HTTP (the API test server has no SMTP server: they land in the outbox): rendered as
// the chosen contact, at most 5 addresses, listed newest first with their HTML; the rules every test email
// follows (suppressed addresses refused, "[Test] " once, the brand's hourly budget of emails across its keys).
// Each address is a message of the delivery pipeline (lib/delivery), whose links are test links.
import { beforeAll, describe, expect, it } from "vitest";
import { linkClaims } from "@/lib/recipient-links/subscription";
import { createApiKey } from "@/lib/brands/api-keys";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { createTemplate } from "./render-helpers";

let brand: TestBrand;
let other: TestBrand;
let templateId = "";
let contactId = "";

const send = (body: unknown, key = brand.key, id = templateId) => api(`/api/email-templates/${id}/test-sends`, { key, body });

beforeAll(async () => {
  brand = await createTestBrand({ name: "Outbox brand" });
  other = await createTestBrand();
  ({ id: templateId } = await createTemplate(brand.key, {
    name: "Spring sale",
    sections: [
      {
        id: "s",
        rows: [
          {
            id: "r",
            columns: [
              {
                id: "c",
                blocks: [
                  {
                    id: "t",
                    type: "text",
                    text: '<p>Hi [[contact.first_name | there]]</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>',
                  },
                  { id: "b", type: "button", button: { text: "Shop", link: "#" } },
                ],
              },
            ],
          },
        ],
      },
    ],
  }));
  const res = await api("/api/contacts", {
    key: brand.key,
    body: { identifiers: [{ type: "email", id: "nora@outbox.test" }], firstName: "Nora" },
  });
  contactId = (await json(res)).id;
});

describe("POST /api/email-templates/{id}/test-sends", () => {
  it("renders as the chosen contact into the outbox, with test links and the render's checks", async () => {
    const res = await send({ to: ["me@outbox.test", "Boss@Outbox.test", "me@outbox.test"], email: "nora@outbox.test" });
    const sent = await json(res);
    expect(res.status, JSON.stringify(sent)).toBe(201);
    expect(sent).toMatchObject({
      templateId,
      templateName: "Spring sale",
      subject: "[Test] Spring sale",
      to: ["me@outbox.test", "Boss@Outbox.test"],
      contact: { id: contactId, email: "nora@outbox.test" },
      transport: "outbox",
      status: "sent",
      error: null,
      sentBy: null,
    });
    expect(sent.from).toMatch(/^Inkwell <no-reply@localhost>$/);
    expect(sent.warnings).toContainEqual(
      expect.objectContaining({ code: "placeholder-link", blockId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
    );

    const stored = await json(await api(`/api/test-emails/${sent.id}`, { key: brand.key }));
    expect(stored.html).toContain("Hi Nora");
    const token = /\/email\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(stored.html)![1];
    expect(await linkClaims(token)).toMatchObject({
      mode: "test",
      contactId,
      templateId,
      messageId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    // One message per address, in the outbox, from the deployment's sender.
    const messages = await json(await api(`/api/messages?sourceKind=test&sourceID=${sent.id}`, { key: brand.key }));
    expect(messages.messages.map((m: { email: string }) => m.email).sort()).toEqual(["Boss@Outbox.test", "me@outbox.test"]);
    expect(messages.messages[0]).toMatchObject({ mode: "test", status: "sent", transport: "outbox", subject: "[Test] Spring sale" });
    expect(stored.text).toContain("Hi Nora");
  });

  it("renders sample data without a contact, and takes a subject", async () => {
    const sent = await json(await send({ to: ["me@outbox.test"], subject: "Does this look right?" }));
    expect(sent).toMatchObject({ subject: "[Test] Does this look right?", contact: null });
    expect((await json(await api(`/api/test-emails/${sent.id}`, { key: brand.key }))).html).toContain("Hi Alex");
  });

  it("refuses more than 5 addresses, malformed ones and both contact selectors, all at once", async () => {
    const body = await expectProblem(
      await send({ to: ["a@x.test", "b@x.test", "c@x.test", "d@x.test", "e@x.test", "f@x.test"] }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: any) => [e.pointer, e.code])).toEqual([["/to", "too_big"]]);
    const bad = await expectProblem(
      await send({ to: ["not-an-address"], contactID: contactId, email: "nora@outbox.test", extra: 1 }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: any) => e.pointer).sort()).toEqual(["/email", "/extra", "/to/0"]);
    await expectProblem(await send({ to: [] }), 400, "validation-failed");
    await expectProblem(await send({}), 400, "validation-failed");
  });

  it("404 for an unknown contact, another brand's template or an unknown template", async () => {
    await expectProblem(await send({ to: ["me@outbox.test"], email: "nobody@outbox.test" }), 404, "not-found");
    await expectProblem(await send({ to: ["me@outbox.test"] }, other.key), 404, "not-found");
    await expectProblem(await send({ to: ["me@outbox.test"] }, brand.key, MISSING_ID), 404, "not-found");
  });
});

describe("GET /api/test-emails", () => {
  it("lists the brand's test emails newest first, pages with cursors, and never another brand's", async () => {
    const first = await json(await api("/api/test-emails?limit=1", { key: brand.key }));
    expect(first.testEmails).toHaveLength(1);
    expect(first.testEmails[0]).toMatchObject({ subject: "[Test] Does this look right?" });
    expect(first.testEmails[0].html).toBeUndefined();
    expect(first.paging.hasMore).toBe(true);
    const second = await json(await api(`/api/test-emails?limit=1&after=${first.paging.cursors.after}`, { key: brand.key }));
    expect(second.testEmails[0]).toMatchObject({ subject: "[Test] Spring sale" });
    expect((await json(await api("/api/test-emails", { key: other.key }))).testEmails).toEqual([]);
    await expectProblem(await api(`/api/test-emails/${first.testEmails[0].id}`, { key: other.key }), 404, "not-found");
  });

  it("records the dashboard user who sent a test", async () => {
    const { cookie, email } = await createSession(brand.brandId);
    const res = await api(`/api/email-templates/${templateId}/test-sends`, {
      cookie,
      headers: { Origin: new URL(baseUrl()).origin },
      body: { to: ["me@outbox.test"] },
    });
    const sent = await json(res);
    expect(res.status, JSON.stringify(sent)).toBe(201);
    expect(sent.sentBy).toBe(email);
  });
});

describe("the rules of every test email", () => {
  it("sends nothing when a recipient is suppressed (409, naming the address)", async () => {
    const suppressed = await api("/api/suppressions", { key: brand.key, body: { email: "Gone@Outbox.test" } });
    expect(suppressed.status, await suppressed.clone().text()).toBe(201);
    const before = (await json(await api("/api/test-emails?limit=100", { key: brand.key }))).testEmails.length;
    const problem = await expectProblem(await send({ to: ["fine@outbox.test", "gone@outbox.test"] }), 409, "conflict");
    expect(problem.detail).toContain("gone@outbox.test");
    expect(problem.detail).not.toContain("fine@outbox.test");
    expect((await json(await api("/api/test-emails?limit=100", { key: brand.key }))).testEmails).toHaveLength(before);
  });

  it("the subject is prefixed with [Test] once, even when it carries the prefix already", async () => {
    const sent = await json(await send({ to: ["me@outbox.test"], subject: "[Test] Already marked" }));
    expect(sent.subject).toBe("[Test] Already marked");
    const [message] = (await json(await api(`/api/messages?sourceKind=test&sourceID=${sent.id}`, { key: brand.key }))).messages;
    expect(message.subject).toBe("[Test] Already marked");
  });
});

describe("the brand's budget of test emails", () => {
  it("counts emails (not requests) per brand across its API keys and users: TEST_SEND_PER_HOUR (20), then 429", async () => {
    const limited = await createTestBrand();
    const { key: secondKey } = await createApiKey(limited.brandId, "second key");
    const { id } = await createTemplate(limited.key, { sections: [] });
    const five = (n: number) => Array.from({ length: 5 }, (_, i) => `r${n}-${i}@outbox.test`);
    // 3 requests of 5 addresses on the first key: 15 emails of 20.
    for (let n = 0; n < 3; n++) expect((await send({ to: five(n) }, limited.key, id)).status).toBe(201);
    // The second key shares the brand's budget: its 5 are the last of the 20.
    expect((await send({ to: five(3) }, secondKey, id)).status).toBe(201);
    // Spent: one more email on either key, or from a dashboard user of the brand, is refused whole.
    const refused = await send({ to: ["one-more@outbox.test"] }, secondKey, id);
    const problem = await expectProblem(refused, 429, "rate-limited");
    expect(problem.detail).toMatch(/20 test emails per hour/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.headers.get("ratelimit-policy")).toMatch(/^"test-send";q=20;w=3600/);
    await expectProblem(await send({ to: ["one-more@outbox.test"] }, limited.key, id), 429, "rate-limited");
    const { cookie } = await createSession(limited.brandId);
    await expectProblem(
      await api(`/api/email-templates/${id}/test-sends`, {
        cookie,
        headers: { Origin: new URL(baseUrl()).origin },
        body: { to: ["one-more@outbox.test"] },
      }),
      429,
      "rate-limited",
    );
    expect((await json(await api("/api/test-emails?limit=100", { key: limited.key }))).testEmails).toHaveLength(4);
    // other requests of the brand are not held back
    expect((await api(`/api/email-templates/${id}`, { key: limited.key })).status).toBe(200);
  });

  it("a request that needs more emails than are left is refused whole, and costs nothing", async () => {
    const limited = await createTestBrand();
    const { id } = await createTemplate(limited.key, { sections: [] });
    const to = (n: number, count = 5) => Array.from({ length: count }, (_, i) => `s${n}-${i}@outbox.test`);
    for (let n = 0; n < 3; n++) expect((await send({ to: to(n) }, limited.key, id)).status).toBe(201);
    expect((await send({ to: to(3, 3) }, limited.key, id)).status).toBe(201); // 18 of 20
    await expectProblem(await send({ to: to(4, 3) }, limited.key, id), 429, "rate-limited");
    expect((await send({ to: to(5, 2) }, limited.key, id)).status).toBe(201); // the last 2
    await expectProblem(await send({ to: to(6, 1) }, limited.key, id), 429, "rate-limited");
  });

  it("a sender confirmation email spends the same budget", async () => {
    const limited = await createTestBrand();
    const { id } = await createTemplate(limited.key, { sections: [] });
    for (let n = 0; n < 4; n++) {
      const to = Array.from({ length: 5 }, (_, i) => `c${n}-${i}@outbox.test`);
      expect((await send({ to }, limited.key, id)).status).toBe(201);
    }
    await expectProblem(
      await api("/api/sender-addresses", { key: limited.key, body: { email: "new@sender.test", name: "New" } }),
      429,
      "rate-limited",
    );
    // Refused before the address was added: nothing left behind.
    expect((await json(await api("/api/sender-addresses", { key: limited.key }))).addresses).toEqual([]);
  });
});

describe("sender confirmation emails", () => {
  it("carry no text of the brand's in their subject, and only its neutralised name in the body", async () => {
    const phishing = "Security alert\r\nYour account is locked: verify at https://evil.example/login or bigbank-support.example now";
    const hostile = await createTestBrand({ name: phishing });
    const added = await api("/api/sender-addresses", { key: hostile.key, body: { email: "ceo@bigbank.test", name: "CEO" } });
    expect(added.status, await added.clone().text()).toBe(201);
    const [mail] = (await json(await api("/api/messages?sourceKind=sender-verification", { key: hostile.key }))).messages;
    expect(mail.subject).toBe("Confirm your email address as a sender");
    for (const words of ["Security", "locked", "evil", "bigbank-support"]) expect(mail.subject).not.toContain(words);
    const body = (await json(await api(`/api/messages/${mail.id}`, { key: hostile.key }))).body;
    expect(body.html).not.toContain("evil.example");
    expect(body.html).not.toContain("bigbank-support.example");
    expect(body.text).not.toContain("evil.example");
  });
});
