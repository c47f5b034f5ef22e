// The embedded default (the API test server has no SMTP_HOST): every message is "sent" into the built-in
// outbox, listed (paged, searched, filtered by status, source and mode) and shown with its body; senders verified by a confirmation
// link read from the outbox, or by the operator CLI; the suppression list; tracking switched off per brand;
// the web version of a sent message; erasure removes a contact's messages and keeps its address suppressed.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { enqueueMessages, sourceStats } from "@/lib/delivery";
import { markAddressVerified } from "@/lib/delivery/senders/senders";
import { api, baseUrl, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { createTemplate } from "./render-helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;
let templateId = "";
const contacts: Record<string, string> = {};

const root = path.resolve(import.meta.dirname, "../..");
const content = (over: Record<string, unknown> = {}) => ({
  templateId,
  subject: "Hello [[contact.first_name | there]]",
  senderName: "Shop",
  senderEmail: "news@shop.test",
  ...over,
});

async function contact(name: string, status = "subscribed") {
  const res = await api("/api/contacts", {
    key: brand.key,
    body: { identifiers: [{ type: "email", id: `${name}@outbox.test`, channels: { email: { status } } }], firstName: name },
  });
  contacts[name] = (await json(res)).id;
}

const list = async (query = "", key = brand.key) => json(await api(`/api/messages${query}`, { key }));

beforeAll(async () => {
  brand = await createTestBrand({ name: "Outbox shop" });
  other = await createTestBrand();
  await markAddressVerified(brand.brandId, "news@shop.test", "Shop");
  ({ id: templateId } = await createTemplate(brand.key, {
    name: "Newsletter",
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
                    text: '<p>Hi [[contact.first_name]]</p><p><a href="https://shop.test/new">New in</a> <a href="[[message.view_in_browser_url]]">View online</a></p>',
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  }));
  for (const name of ["olga", "omar", "otto"]) await contact(name);
  await enqueueMessages(brand.brandId, {
    source: { kind: "campaign", id: "outbox-1" },
    content: content(),
    recipients: ["olga", "omar", "otto"].map((n) => ({ contactId: contacts[n] })),
  });
  await until(
    () => sourceStats(brand.brandId, { kind: "campaign", id: "outbox-1" }),
    (s) => s.sent === 3,
  );
});

describe("the outbox", () => {
  it("lists every message newest first, pages with cursors, filters and searches, never another brand's", async () => {
    const all = await list("?sourceKind=campaign&sourceID=outbox-1");
    expect(all.messages).toHaveLength(3);
    expect(all.messages[0]).toMatchObject({
      status: "sent",
      transport: "outbox",
      mode: "live",
      subject: "Hello [[contact.first_name | there]]",
    });
    const first = await list("?sourceKind=campaign&limit=2");
    expect(first.paging.hasMore).toBe(true);
    const second = await list(`?sourceKind=campaign&limit=2&after=${first.paging.cursors.after}`);
    expect([...first.messages, ...second.messages].map((m: { id: string }) => m.id)).toEqual(all.messages.map((m: { id: string }) => m.id));
    expect((await list("?search=omar")).messages.map((m: { email: string }) => m.email)).toEqual(["omar@outbox.test"]);
    expect((await list("?status=bounced")).messages).toEqual([]);
    expect((await list("", other.key)).messages).toEqual([]);
    await expectProblem(await api("/api/messages?status=lost", { key: brand.key }), 400, "validation-failed");
  });

  it("filters by mode: live (campaigns, automations), test (test emails), system (Inkwell's own), as the Outbox's filter does", async () => {
    const sent = await api(`/api/email-templates/${templateId}/test-sends`, { key: brand.key, body: { to: ["tester@outbox.test"] } });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const tests = (await list("?mode=test")).messages;
    expect(tests.map((m: { email: string; subject: string; mode: string }) => [m.email, m.subject, m.mode])).toEqual([
      ["tester@outbox.test", "[Test] Newsletter", "test"],
    ]);
    const live = (await list("?mode=live")).messages;
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(new Set(live.map((m: { mode: string }) => m.mode))).toEqual(new Set(["live"]));
    expect((await list("?mode=test", other.key)).messages).toEqual([]);
    await expectProblem(await api("/api/messages?mode=demo", { key: brand.key }), 400, "validation-failed");
  });

  it("shows a message with its body as sent: personalized, tracked links, headers", async () => {
    const [olga] = (await list("?search=olga")).messages;
    const message = await json(await api(`/api/messages/${olga.id}`, { key: brand.key }));
    expect(message).toMatchObject({ subject: "Hello olga", from: "Shop <news@shop.test>", status: "sent" });
    expect(message.body.html).toContain("Hi olga");
    expect(message.body.html).toMatch(/href="http:\/\/localhost:\d+\/email\/c\/[A-Za-z0-9_-]+\?u=https%3A%2F%2Fshop\.test%2Fnew&amp;s=/);
    expect(message.body.headers).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Message-ID": expect.stringMatching(/@shop\.test>$/),
    });
    await expectProblem(await api(`/api/messages/${olga.id}`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/messages/${MISSING_ID}`, { key: brand.key }), 404, "not-found");

    // The web version renders the message's own content for its contact, untracked.
    const view = /href="(http:\/\/localhost:\d+\/email\/view\/[A-Za-z0-9_-]+)"/.exec(message.body.html)![1];
    const page = await fetch(baseUrl() + new URL(view).pathname);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Hi olga");
    expect(html).not.toContain("/email/o/");
  });

  it("switches tracking off per brand: no pixel, links as they are", async () => {
    const patched = await api("/api/sending-settings", {
      key: brand.key,
      method: "PATCH",
      body: { trackOpens: false, trackClicks: false },
    });
    expect(await json(patched)).toMatchObject({ trackOpens: false, trackClicks: false, transport: "outbox" });
    await enqueueMessages(brand.brandId, {
      source: { kind: "campaign", id: "outbox-2" },
      content: content(),
      recipients: [{ contactId: contacts.olga }],
    });
    await until(
      () => sourceStats(brand.brandId, { kind: "campaign", id: "outbox-2" }),
      (s) => s.sent === 1,
    );
    const [sent] = (await list("?sourceID=outbox-2")).messages;
    const body = (await json(await api(`/api/messages/${sent.id}`, { key: brand.key }))).body;
    expect(body.html).toContain('href="https://shop.test/new"');
    expect(body.html).not.toContain("/email/o/");
    await api("/api/sending-settings", { key: brand.key, method: "PATCH", body: { trackOpens: true, trackClicks: true } });
    await expectProblem(
      await api("/api/sending-settings", { key: brand.key, method: "PATCH", body: { trackOpens: "yes" } }),
      400,
      "validation-failed",
    );
  });
});

describe("senders", () => {
  it("verifies an address by the confirmation link emailed to it (read here from the outbox)", async () => {
    const added = await api("/api/sender-addresses", { key: brand.key, body: { email: "Hello@Mine.test", name: "Mine" } });
    const address = await json(added);
    expect(added.status, JSON.stringify(address)).toBe(201);
    expect(address).toMatchObject({ email: "hello@mine.test", verified: false, verifiedBy: null, confirmationSentAt: expect.any(String) });
    await expectProblem(
      await api("/api/sender-addresses", { key: brand.key, body: { email: "hello@mine.test", name: "Again" } }),
      409,
      "conflict",
    );

    const [mail] = (await list("?search=hello@mine.test")).messages;
    expect(mail).toMatchObject({ mode: "system", status: "sent", source: { kind: "sender-verification" } });
    const html = (await json(await api(`/api/messages/${mail.id}`, { key: brand.key }))).body.html as string;
    const link = /href="(http:\/\/localhost:\d+\/email\/verify-sender\/[^"]+)"/.exec(html)![1];
    const page = await fetch(baseUrl() + new URL(link).pathname);
    expect(await page.text()).toContain("Confirm this address");
    const confirm = await fetch(`${baseUrl()}${new URL(link).pathname}/confirm`, { method: "POST", redirect: "manual" });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toMatch(/\?done=1$/);
    expect(await json(await api(`/api/sender-addresses/${address.id}`, { key: brand.key }))).toMatchObject({
      verified: true,
      verifiedBy: "link",
    });

    const forged = await fetch(`${baseUrl()}/email/verify-sender/${address.id}.${"x".repeat(32)}`);
    expect(await forged.text()).toContain("This link does not work");
    await expectProblem(await api(`/api/sender-addresses/${address.id}`, { key: other.key }), 404, "not-found");
  });

  it("a sending domain shows the records to publish and stays unverified without them", async () => {
    const res = await api("/api/sending-domains", { key: brand.key, body: { domain: "Mail.Shop.test" } });
    const domain = await json(res);
    expect(res.status, JSON.stringify(domain)).toBe(201);
    expect(domain).toMatchObject({ domain: "mail.shop.test", verified: false });
    expect(domain.records.map((r: { purpose: string; host: string; status: string }) => [r.purpose, r.host, r.status])).toEqual([
      ["dkim", expect.stringMatching(/^inkwell[0-9a-f]{6}\._domainkey\.mail\.shop\.test$/), "unchecked"],
      ["spf", "mail.shop.test", "unchecked"],
      ["dmarc", "_dmarc.mail.shop.test", "unchecked"],
    ]);
    await expectProblem(await api("/api/sending-domains", { key: brand.key, body: { domain: "not a domain" } }), 400, "validation-failed");
    expect((await api(`/api/sending-domains/${domain.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/sending-domains/${domain.id}`, { key: brand.key }), 404, "not-found");
  });

  it("admin verify-sender marks an address or a domain verified", { timeout: 180_000 }, () => {
    const run = (args: string[]) =>
      JSON.parse(
        execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", "verify-sender", "--brand", brand.brandId, ...args], {
          cwd: root,
          env: process.env,
          encoding: "utf8",
        })
          .trim()
          .split("\n")
          .at(-1)!,
      );
    expect(run(["--email", "Ops@Shop.test", "--name", "Ops"])).toMatchObject({ email: "ops@shop.test", verified: true });
    expect(run(["--domain", "news.shop.test"])).toMatchObject({ domain: "news.shop.test", verified: true });
  });
});

describe("the suppression list", () => {
  it("suppresses an address by hand, skips it when sending, and lifts it", async () => {
    const added = await api("/api/suppressions", { key: brand.key, body: { email: "Otto@Outbox.test", detail: "asked by phone" } });
    const suppression = await json(added);
    expect(added.status).toBe(201);
    expect(suppression).toMatchObject({ email: "otto@outbox.test", reason: "manual", detail: "asked by phone" });
    expect((await api("/api/suppressions", { key: brand.key, body: { email: "otto@outbox.test" } })).status).toBe(200);
    const result = await enqueueMessages(brand.brandId, {
      source: { kind: "campaign", id: "outbox-3" },
      content: content(),
      recipients: [{ contactId: contacts.otto }],
    });
    expect(result).toMatchObject({ queued: 0, reasons: { "suppressed:manual": 1 } });
    expect((await json(await api("/api/suppressions?reason=manual", { key: other.key }))).suppressions).toEqual([]);
    expect((await api(`/api/suppressions/${suppression.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    const again = await enqueueMessages(brand.brandId, {
      source: { kind: "campaign", id: "outbox-4" },
      content: content(),
      recipients: [{ contactId: contacts.otto }],
    });
    expect(again.queued).toBe(1);
  });

  it("erasing a contact removes its messages and keeps its address suppressed, as a hash only", async () => {
    await contact("erin");
    await enqueueMessages(brand.brandId, {
      source: { kind: "campaign", id: "outbox-5" },
      content: content(),
      recipients: [{ contactId: contacts.erin }],
    });
    await until(
      () => list(`?contactID=${contacts.erin}`),
      (l) => l.messages[0]?.status === "sent",
    );
    const erased = await api(`/api/contacts/${contacts.erin}/erasure`, { key: brand.key, method: "POST" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect((await list(`?contactID=${contacts.erin}`)).messages).toEqual([]);
    expect((await list("?search=erin")).messages).toEqual([]);
    const suppressions = (await json(await api("/api/suppressions?reason=erased", { key: brand.key }))).suppressions;
    expect(suppressions).toMatchObject([{ email: null, reason: "erased" }]);
    expect((await json(await api("/api/suppressions?email=erin@outbox.test", { key: brand.key }))).suppressions).toHaveLength(1);
    // The same address added again is never mailed.
    await contact("erin");
    const result = await enqueueMessages(brand.brandId, {
      source: { kind: "campaign", id: "outbox-6" },
      content: content(),
      recipients: [{ contactId: contacts.erin }],
    });
    expect(result.reasons).toEqual({ "suppressed:erased": 1 });
  });
});

describe("data handed over for the render", () => {
  it("fills a cart recovery section from the event an automation hands over", async () => {
    const { id: cartTemplate } = await createTemplate(brand.key, {
      name: "Your cart",
      sections: [
        {
          id: "cart",
          type: "product_cart_recovery",
          rows: [{ id: "cr", columns: [{ id: "cc", blocks: [{ id: "p1", type: "product", product: {} }] }] }],
        },
      ],
    });
    const event = {
      eventName: "added product to cart",
      properties: {
        currency: "EUR",
        lineItems: [
          {
            productID: "lamp-7",
            productTitle: "Reading lamp",
            productPrice: 49,
            productQuantity: 1,
            productURL: "https://shop.test/lamp-7",
            productImageURL: "https://cdn.shop.test/lamp-7.png",
          },
        ],
      },
    };
    await enqueueMessages(brand.brandId, {
      source: { kind: "automation", id: "cart-flow" },
      part: "block-1",
      content: content({ templateId: cartTemplate, subject: "You left something" }),
      recipients: [{ contactId: contacts.olga, key: "enrollment-1", data: { event } }],
      options: { category: "transactional" },
    });
    await until(
      () => sourceStats(brand.brandId, { kind: "automation", id: "cart-flow" }, { part: "block-1" }),
      (s) => s.sent === 1,
    );
    const [message] = (await list("?sourceKind=automation&sourceID=cart-flow")).messages;
    const body = (await json(await api(`/api/messages/${message.id}`, { key: brand.key }))).body;
    expect(body.html).toContain("Reading lamp");
    expect(body.html).toContain("cdn.shop.test/lamp-7.png");
    // Transactional: no List-Unsubscribe.
    expect(body.headers["List-Unsubscribe"]).toBeUndefined();
  });
});
