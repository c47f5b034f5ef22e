// Sends for a subscription topic (docs/topics.md), for real against an SMTP sink: a campaign for a marketing
// topic reaches only the topic's subscribers (the unsubscribed-from-topic and the never-chosen get nothing,
// whatever their email channel says); its one-click List-Unsubscribe POST leaves THAT topic only (the
// contact stays subscribed to marketing and to its other topics); the unsubscribe page offers the topic and
// "all mail"; the preferences form changes topics without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const SENDER = "news@acme.test";
let env: DeliveryEnv;
let brandId = "";
let key = "";
let templateId = "";
const contacts: Record<string, string> = {};
const topics: Record<string, string> = {};

const TEMPLATE = oneTextBlockTemplate("Topic news", '<p>Hi,</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>');

const call = (path: string, options: { method?: string; body?: unknown } = {}) => env.call(path, { key, ...options });
const received = (name: string) => env.sink.received.filter((r) => r.to.includes(`${name}@inbox.test`));

async function addContact(name: string, choices: Record<string, "subscribed" | "unsubscribed"> = {}) {
  const res = await call("/api/contacts", {
    body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }], firstName: name },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  contacts[name] = res.body.id;
  const changes = Object.entries(choices).map(([topic, status]) => ({ topicID: topics[topic], status }));
  if (changes.length > 0) {
    const put = await call(`/api/contacts/${res.body.id}/subscription-topics`, { method: "PUT", body: { topics: changes } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
}

const topicStatus = async (name: string, topic: string) =>
  (await call(`/api/contacts/${contacts[name]}/subscription-topics`)).body.topics.find((t: any) => t.topicID === topics[topic]).status;
/** A page's text as a person reads it (React separates adjacent text with empty comments). */
const pageText = async (url: string) => (await (await fetch(url)).text()).replace(/<!-- -->/g, "");
const emailStatus = async (name: string) => (await call(`/api/contacts/${contacts[name]}`)).body.status;

beforeAll(async () => {
  env = await startDeliveryEnv();
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markAddressVerified(brandId, SENDER, "Acme");
  const template = await call("/api/email-templates", { body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  for (const [name, kind] of [
    ["news", "marketing"],
    ["offers", "marketing"],
    ["legal", "required"],
  ]) {
    const res = await call("/api/subscription-topics", { body: { name, kind, description: `About ${name}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    topics[name] = res.body.id;
  }
  await addContact("ana", { news: "subscribed", offers: "subscribed" });
  await addContact("ben", { news: "unsubscribed", offers: "subscribed" });
  await addContact("cara");
}, 240_000);

afterAll(async () => {
  await env?.stop();
});

async function sendFor(topic: string, subject: string) {
  const created = await call("/api/campaigns", {
    body: {
      channel: "email",
      type: "regular",
      name: subject,
      audience: { topicID: topics[topic] },
      content: { email: { templateID: templateId, subject, senderName: "Acme" } },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.audience.topicID).toBe(topics[topic]);
  const sent = await call(`/api/campaigns/${created.body.id}/send`, { method: "POST" });
  expect(sent.status, JSON.stringify(sent.body)).toBe(204);
  await until(
    async () => (await call(`/api/campaigns/${created.body.id}`)).body,
    (c) => c.status === "sent",
    30_000,
  );
  return created.body.id as string;
}

describe("the audience estimate for a topic", () => {
  // The composer's count: a marketing topic counts its subscribers only, a required one everyone subscribed.
  it("counts what the send will do: the topic's subscribers for a marketing topic, everyone for a required one", async () => {
    const estimate = async (audience: object) => {
      const res = await call("/api/campaigns/audience-estimate", { body: audience });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect(await estimate({})).toMatchObject({ contacts: 3, recipients: 3 });
    expect(await estimate({ topicID: topics.news })).toMatchObject({ contacts: 1, recipients: 1 });
    expect(await estimate({ topicID: topics.offers })).toMatchObject({ contacts: 2, recipients: 2 });
    expect(await estimate({ topicID: topics.legal })).toMatchObject({ contacts: 3, recipients: 3 });
    expect(await estimate({ topicID: null })).toMatchObject({ contacts: 3, recipients: 3 });
    // Another brand's topic or an unknown one reaches nobody, as the send would (lib/topics/send-topic.ts).
    expect(await estimate({ topicID: "0000000000000000deadbeef" })).toMatchObject({ contacts: 0, recipients: 0 });
  });
});

describe("a campaign for a topic", () => {
  it("reaches only the topic's subscribers; a required topic's reaches everyone subscribed to marketing", async () => {
    await sendFor("news", "News of the week");
    await until(
      async () => received("ana").filter((r) => r.raw.includes("Subject: News of the week")).length,
      (n) => n === 1,
    );
    // The send is over (status sent): nothing more is coming for ben (left the topic) or cara (never chose it).
    expect(received("ben").filter((r) => r.raw.includes("News of the week"))).toHaveLength(0);
    expect(received("cara").filter((r) => r.raw.includes("News of the week"))).toHaveLength(0);

    await sendFor("legal", "Our terms change");
    for (const name of ["ana", "ben", "cara"])
      await until(
        async () => received(name).filter((r) => r.raw.includes("Subject: Our terms change")).length,
        (n) => n === 1,
      );
  });

  it("refuses another brand's topic or an unknown one on the audience", async () => {
    const res = await call("/api/campaigns", {
      body: { channel: "email", type: "regular", name: "Nope", audience: { topicID: "0000000000000000deadbeef" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: "/audience/topicID", code: "not_found" }));
  });

  it("its one-click POST leaves that topic only: still subscribed to marketing and to the other topic", async () => {
    const mail = received("ana").find((r) => r.raw.includes("Subject: News of the week"))!;
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.raw)![1];
    const res = await fetch(header, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await topicStatus("ana", "news")).toBe("unsubscribed");
    expect(await topicStatus("ana", "offers")).toBe("subscribed");
    expect(await emailStatus("ana")).toBe("subscribed");
    const contactTopics = (await call(`/api/contacts/${contacts.ana}/subscription-topics`)).body.topics;
    expect(contactTopics.find((t: any) => t.topicID === topics.news).source).toBe("list-unsubscribe");

    // The unsubscribe page of that email now says so, and still offers all mail.
    const page = await pageText(header.replace("/list-unsubscribe/", "/unsubscribe/"));
    expect(page).toContain("You left news");
    expect(page).toContain("Unsubscribe from all marketing emails");

    // A required topic's email has no topic to leave: its one-click unsubscribes from marketing email.
    const legal = received("cara").find((r) => r.raw.includes("Subject: Our terms change"))!;
    const legalHeader = /^List-Unsubscribe: <([^>]+)>/m.exec(legal.raw)![1];
    const page2 = await pageText(legalHeader.replace("/list-unsubscribe/", "/unsubscribe/"));
    expect(page2).toContain("Unsubscribe from Acme emails?");
  });

  it("the preferences form (no JavaScript) lists marketing topics, not required ones, and saves ticks and all mail", async () => {
    const mail = received("ben").find((r) => r.raw.includes("Subject: Our terms change"))!;
    const token = /\/email\/list-unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail.raw)![1];
    const base = env.server.baseUrl;
    const html = await (await fetch(`${base}/email/preferences/${token}`)).text();
    expect(html).toContain(">news");
    expect(html).toContain(">offers");
    expect(html).not.toContain(">legal");
    const save = (form: string) =>
      fetch(`${base}/email/preferences/${token}/save`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: form,
        redirect: "manual",
      });
    // Ticks news (was unsubscribed), leaves offers unticked (was subscribed): both change.
    const res = await save(`shown=${topics.news}&shown=${topics.offers}&topic=${topics.news}&status=subscribed`);
    expect(res.status).toBe(303);
    expect(await topicStatus("ben", "news")).toBe("subscribed");
    expect(await topicStatus("ben", "offers")).toBe("unsubscribed");
    expect(await emailStatus("ben")).toBe("subscribed");
    // "All mail": the channel, topics untouched.
    await save(`shown=${topics.news}&shown=${topics.offers}&topic=${topics.news}&status=unsubscribed`);
    expect(await emailStatus("ben")).toBe("unsubscribed");
    expect(await topicStatus("ben", "news")).toBe("subscribed");
  });
});
