// The dashboard's contact search, export and erasure over HTTP, on the suite's engine: text matches part
// of a name, of an email and of a phone number through the search index, filters combine (status + tag,
// which the published list refuses), totals and sorting, brand isolation; export streams the view as
// CSV; erasure removes the contact, its identifiers and events, and keeps an audit line.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;
const run = randomBytes(3).toString("hex");
const ids: Record<string, string> = {};

async function contact(key: string, body: Record<string, unknown>) {
  const res = await api("/api/contacts", { key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id as string;
}
const search = async (query: string, key = brand.key) => {
  const res = await api(`/api/contacts/search?${query}`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
};

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
  ids.ava = await contact(brand.key, {
    identifiers: [
      { type: "email", id: `ava.smith-${run}@example.com`, channels: { email: { status: "subscribed" } } },
      { type: "phone", id: "+14155552671" },
    ],
    firstName: "Ava",
    lastName: "Smith",
    tags: ["vip"],
  });
  ids.zoe = await contact(brand.key, {
    identifiers: [{ type: "email", id: `zoe-${run}@example.org`, channels: { email: { status: "unsubscribed" } } }],
    firstName: "Zoë",
    lastName: "Avalon",
    tags: ["vip"],
  });
  ids.bob = await contact(brand.key, {
    identifiers: [{ type: "email", id: `bob-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
    firstName: "Bob",
    lastName: "Jones",
  });
  ids.otherAva = await contact(other.key, {
    identifiers: [{ type: "email", id: `ava-${run}@example.net` }],
    firstName: "Ava",
    lastName: "Other",
  });
});

describe("GET /api/contacts/search", () => {
  it("matches part of a name, case-insensitive, in this brand only", async () => {
    const result = await search("q=AVA");
    expect(result.contacts.map((c: { id: string }) => c.id).sort()).toEqual([ids.ava, ids.zoe].sort());
    expect(result.total).toBe(2);
  });
  it("counts this brand's matches even when another brand has more than the cap of newer ones", async () => {
    const word = `crowd${run}`;
    // Its own brand, so the other tests' counts of `brand` stay as they are.
    const [lonely, crowd] = await Promise.all([createTestBrand(), createTestBrand()]);
    const mine = await contact(lonely.key, { identifiers: [{ type: "email", id: `mine-${run}@example.com` }], firstName: word });
    const now = new Date(Date.now() + 5_000);
    const crowdIds = Array.from({ length: 510 }, () => newId(now));
    await db.contact.createMany({
      data: crowdIds.map((id) => ({ id, brandId: crowd.brandId, firstName: word, customProperties: {}, createdAt: now, updatedAt: now })),
    });
    const result = await search(`q=${word}`, lonely.key);
    expect(result.contacts.map((c: { id: string }) => c.id)).toEqual([mine]);
    expect(result.total).toBe(1);
    expect(result.capped).toBe(false);
    expect((await search(`q=${word}`, crowd.key)).capped).toBe(true);
  });
  it("folds accents and matches words found in different fields (name and email)", async () => {
    const own = await createTestBrand();
    const renee = await contact(own.key, {
      identifiers: [{ type: "email", id: `rn-${run}@example.net` }],
      firstName: "Renée",
      lastName: `Fold${run}`,
    });
    await contact(own.key, {
      identifiers: [{ type: "email", id: `other-${run}@example.org` }],
      firstName: "Other",
      lastName: `Fold${run}`,
    });
    expect((await search("q=renee", own.key)).contacts.map((c: { id: string }) => c.id)).toEqual([renee]);
    expect((await search(`q=${encodeURIComponent(`fold${run} example.ne`)}`, own.key)).contacts.map((c: { id: string }) => c.id)).toEqual([
      renee,
    ]);
  });
  it("matches several words when each matches more than a thousand contacts, or only one does", async () => {
    const wide = await createTestBrand();
    const now = new Date();
    const crowdIds = Array.from({ length: 1_001 }, () => newId(now));
    await db.contact.createMany({
      data: crowdIds.map((id, n) => ({
        id,
        brandId: wide.brandId,
        firstName: `Many${run}`,
        lastName: n === 7 ? `Shared${run} Single${run}` : `Shared${run}`,
        customProperties: {},
        createdAt: now,
        updatedAt: now,
      })),
    });
    const both = await search(`q=${encodeURIComponent(`many${run} shared${run}`)}&limit=1`, wide.key);
    expect(both.total).toBe(1_001);
    expect(both.capped).toBe(false);
    const one = await search(`q=${encodeURIComponent(`many${run} single${run}`)}`, wide.key);
    expect(one.contacts.map((c: { id: string }) => c.id)).toEqual([crowdIds[7]]);
    expect((await search(`q=${encodeURIComponent(`many${run} nobody${run}`)}`, wide.key)).total).toBe(0);
  });
  it("matches every word (first and last name)", async () => {
    expect((await search("q=ava%20smi")).contacts.map((c: { id: string }) => c.id)).toEqual([ids.ava]);
  });
  it("matches part of an email and part of a phone number written with spaces", async () => {
    expect((await search(`q=${encodeURIComponent(`zoe-${run}@example`)}`)).contacts.map((c: { id: string }) => c.id)).toEqual([ids.zoe]);
    expect((await search(`q=${encodeURIComponent("415 555 26")}`)).contacts.map((c: { id: string }) => c.id)).toEqual([ids.ava]);
  });
  it("matches short text and text with search syntax literally", async () => {
    expect((await search("q=bo")).contacts.map((c: { id: string }) => c.id)).toEqual([ids.bob]);
    // Read as FTS syntax this would be "ava OR bob" (2 contacts); as words, nobody has all three.
    expect((await search(`q=${encodeURIComponent('ava" OR "bob')}`)).total).toBe(0);
    expect((await search(`q=${encodeURIComponent('"bob"')}`)).contacts.map((c: { id: string }) => c.id)).toEqual([ids.bob]);
  });
  it("combines status and tag (refused by the published list) and reports the total", async () => {
    const result = await search("status=subscribed&tag=vip");
    expect(result.contacts.map((c: { id: string }) => c.id)).toEqual([ids.ava]);
    expect(result.total).toBe(1);
  });
  it("sorts by name and by email, and pages with offset", async () => {
    const byName = await search("sort=name&direction=asc");
    expect(byName.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(["Ava", "Bob", "Zoë"]);
    const byEmail = await search("sort=email&direction=desc&limit=1&offset=1");
    expect(byEmail.contacts.map((c: { id: string }) => c.id)).toEqual([ids.bob]);
    expect(byEmail.total).toBe(3);
  });
  it("filters by created range", async () => {
    expect((await search(`createdFrom=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
  });
  it("refuses a bad sort with a field error", async () => {
    await expectProblem(await api("/api/contacts/search?sort=shoe", { key: brand.key }), 400, "validation-failed");
  });
});

describe("GET /api/contacts/export", () => {
  it("streams the filtered view as CSV", async () => {
    const res = await api("/api/contacts/export?tag=vip", { key: brand.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).join("\n")).toContain(`ava.smith-${run}@example.com`);
    expect(lines.slice(1).join("\n")).not.toContain("bob-");
  });
  it("walks a brand of several chunks once, oldest first, contacts created in the same instant included", async () => {
    const own = await createTestBrand();
    const instants = [new Date("2026-01-02T03:04:05.678Z"), new Date("2026-01-01T00:00:00.000Z")];
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      id: newId(),
      brandId: own.brandId,
      customProperties: {},
      createdAt: instants[i % 2],
      updatedAt: instants[i % 2],
    }));
    await db.contact.createMany({ data: rows });
    const res = await api("/api/contacts/export", { key: own.key });
    expect(res.status).toBe(200);
    const ids = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]);
    const expected = [...rows]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => r.id);
    expect(ids).toEqual(expected);
  });
});

describe("POST /api/contacts/{id}/erasure", () => {
  it("removes the contact, its identifiers and events, keeps an audit line, and frees the email", async () => {
    const email = `erase-${run}@example.com`;
    const id = await contact(brand.key, { identifiers: [{ type: "email", id: email }], firstName: "Erin" });
    const sent = await api("/api/events", {
      key: brand.key,
      body: { eventName: "quiz completed", origin: "api", contact: { email }, properties: { score: 3 } },
    });
    expect(sent.status).toBe(202);
    await until(
      () => db.contactEvent.count({ where: { contactId: id } }),
      (n) => n === 1,
      30_000,
    );

    const res = await api(`/api/contacts/${id}/erasure`, { key: brand.key, method: "POST" });
    expect(res.status, await res.clone().text()).toBe(200);
    const line = await json(res);
    expect(line).toMatchObject({ contactID: id, identifiers: 1, events: 1, erasedBy: "api:api-key" });

    expect((await api(`/api/contacts/${id}`, { key: brand.key })).status).toBe(404);
    expect(await db.contactIdentifier.count({ where: { contactId: id } })).toBe(0);
    expect(await db.contactEvent.count({ where: { contactId: id } })).toBe(0);
    expect(await db.eventInbox.count({ where: { brandId: brand.brandId, payload: { contains: email } } })).toBe(0);
    const audit = await db.contactErasure.findMany({ where: { brandId: brand.brandId, contactId: id } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(email);
    expect((await search(`q=erase-${run}`)).total).toBe(0);
  });
  it("keeps the batch items that wrote the contact and its events, without what they said about the person", async () => {
    const own = await createTestBrand();
    const email = `batched-${run}@example.com`;
    const batchOf = async (body: unknown) => {
      const res = await api("/api/batches", { key: own.key, body });
      expect(res.status, await res.clone().text()).toBe(201);
      const { batchID } = await json(res);
      await until(
        async () => (await json(await api(`/api/batches/${batchID}`, { key: own.key }))).status,
        (status) => status === "finished",
        30_000,
      );
      return batchID as string;
    };
    const contacts = await batchOf({
      endpoint: "contacts",
      method: "POST",
      items: [
        { identifiers: [{ type: "email", id: email }], firstName: "Bea" },
        { identifiers: [{ type: "email", id: `kept-${run}@example.com` }] },
      ],
    });
    const events = await batchOf({
      endpoint: "events",
      method: "POST",
      items: [{ eventName: "quiz completed", contact: { email }, properties: { score: 3 } }],
    });
    const id = (await search(`q=batched-${run}`, own.key)).contacts[0].id as string;
    await until(
      () => db.contactEvent.count({ where: { contactId: id } }),
      (n) => n === 1,
      30_000,
    );

    expect((await api(`/api/contacts/${id}/erasure`, { key: own.key, method: "POST" })).status).toBe(200);
    const stored = await db.batchItem.findMany({
      where: { batchId: { in: [contacts, events] } },
      orderBy: [{ batchId: "asc" }, { position: "asc" }],
    });
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain(email);
    expect(JSON.stringify(stored)).toContain(`kept-${run}@example.com`);
    const listed = await json(await api(`/api/batches/${contacts}/items`, { key: own.key }));
    expect(listed.responses.map((item: { request: unknown }) => item.request)).toContainEqual({ erased: true });
  });
  it("removes the events not processed yet that name the contact by any identifier or its id, and the test emails sent to them", async () => {
    const own = await createTestBrand();
    const email = `pending-${run}@example.com`;
    const id = await contact(own.key, {
      identifiers: [
        { type: "email", id: email },
        { type: "phone", id: "+14155550177" },
      ],
      firstName: "Pia",
    });
    const bystander = `bystander-${run}@example.com`;
    // Inbox rows as the worker leaves them: waiting for a retry (pending, not due yet) or parked.
    const later = new Date(Date.now() + 3_600_000);
    const inbox = (contactPart: Record<string, unknown>, status: "pending" | "parked") => {
      const now = new Date();
      const row = {
        id: newId(now),
        brandId: own.brandId,
        eventName: "quiz completed",
        eventVersion: null,
        origin: "api",
        originInIdentity: true,
        eventID: null,
        eventTime: now,
        receivedAt: now,
        historical: false,
        payload: JSON.stringify({ contact: contactPart, properties: { score: 1 } }),
        status,
        attempts: 1,
        nextAttemptAt: later,
        lastError: status === "parked" ? "boom" : null,
      };
      return db.eventInbox.create({ data: row }).then(() => row.id);
    };
    const named = await Promise.all([
      inbox({ email: email.toUpperCase(), firstName: "Pia" }, "pending"),
      inbox({ phone: "+1 (415) 555-0177" }, "pending"),
      inbox({ id }, "parked"),
      inbox({ email: "someone-else@example.com", phone: "+14155550177" }, "parked"),
    ]);
    const kept = await Promise.all([inbox({ email: bystander }, "pending"), inbox({ phone: "+14155550999" }, "parked")]);
    const testEmail = (to: string[], contactRef: { id: string; email: string } | null) =>
      db.testEmail
        .create({
          data: {
            id: newId(),
            brandId: own.brandId,
            userId: null,
            templateId: "t",
            templateName: "Welcome",
            contactId: contactRef?.id ?? null,
            contactEmail: contactRef?.email ?? null,
            to,
            from: "shop@example.com",
            subject: "Hi Pia",
            html: "<p>Hi Pia</p>",
            text: "Hi Pia",
            transport: "outbox",
            status: "sent",
          },
        })
        .then((row) => row.id);
    const sent = await Promise.all([testEmail([`Pending-${run}@Example.com`], null), testEmail(["qa@example.com"], { id, email })]);
    const other = await testEmail([bystander], null);

    const res = await api(`/api/contacts/${id}/erasure`, { key: own.key, method: "POST" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ contactID: id, identifiers: 2, events: 4 });
    expect(
      await db.eventInbox.findMany({ where: { id: { in: [...named, ...kept] } }, select: { id: true }, orderBy: { id: "asc" } }),
    ).toEqual([...kept].sort().map((k) => ({ id: k })));
    expect(await db.testEmail.findMany({ where: { id: { in: [...sent, other] } }, select: { id: true } })).toEqual([{ id: other }]);
    // Nothing is left that would bring the person back when the worker gets to it.
    await db.eventInbox.updateMany({ where: { id: { in: kept } }, data: { nextAttemptAt: new Date(), status: "pending" } });
    await until(
      () => db.eventInbox.count({ where: { id: { in: kept }, status: "done" } }),
      (n) => n === 2,
      30_000,
    );
    expect(await db.contactIdentifier.count({ where: { brandId: own.brandId, value: { in: [email, "+14155550177"] } } })).toBe(0);
  });
  it("is 404 for a contact of another brand", async () => {
    await expectProblem(await api(`/api/contacts/${ids.otherAva}/erasure`, { key: brand.key, method: "POST" }), 404, "not-found");
    expect((await search(`q=ava-${run}`, other.key)).total).toBe(1);
  });
});
