// The published contract of contacts, events, segments and event metadata (Omnisend API 2026-03-15;
// machine copies with their sources in tests/published/): every response of these operations validates
// against the published response schema (OpenAPI 3.0 semantics: nullable honoured, extra fields allowed),
// and every published request example (the segments document's twelve, and the bodies the other
// documents' per-field examples make) is answered 2xx.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { loadPublished, publishedValidator } from "../published/published";
import { api, createTestBrand, MISSING_ID, type TestBrand } from "./helpers";
import { until } from "./until";

const contacts = publishedValidator(loadPublished("omnisend-contacts.json"));
const events = publishedValidator(loadPublished("omnisend-events.json"));
const segments = publishedValidator(loadPublished("omnisend-segments.json"));
const metadata = publishedValidator(loadPublished("omnisend-event-metadata.json"));

const unique = () => randomBytes(5).toString("hex");
let brand: TestBrand;

beforeAll(async () => {
  brand = await createTestBrand();
});

async function call(method: string, path: string, body?: unknown, key = brand.key) {
  const res = await api(path, { key, method, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe("contacts (omnisend-contacts-api-2026-03-15)", () => {
  it("the request example makes a contact; every read and write answers the published ContactResponse", async () => {
    const example = contacts.example("ContactRequest", { mapKeys: { "ContactIdentifierRequest.channels": "email" } });
    // One identifier of each type, as the document's identifier examples give them (+1234567890 is its phone example).
    example.identifiers = [
      example.identifiers[0],
      { type: "phone", id: "+1234567890", channels: { sms: contacts.example("ContactChannelRequest") } },
    ];
    expect(example).toMatchObject({
      firstName: "John",
      countryCode: "US",
      createdAt: "2024-01-01T00:00:00Z",
      identifiers: [{ source: "api", consent: { source: "omnisend-form" } }, {}],
    });
    const created = await call("POST", "/api/contacts", example);
    expect(created.status).toBe(201);
    contacts.expectResponse("POST", "/contacts", 201, created.body);
    expect(created.body).toMatchObject({ email: "example@example.com", phone: ["+1234567890"], status: "subscribed" });
    expect(created.body.consents).toEqual([
      { channel: "email", source: "omnisend-form", ip: "192.168.1.1", userAgent: "Mozilla/5.0", createdAt: "2026-01-01T00:00:00.000Z" },
    ]);
    expect(created.body.optIns.map((o: { channel: string }) => o.channel).sort()).toEqual(["email", "sms"]);

    const again = await call("POST", "/api/contacts", example);
    expect(again.status).toBe(200);
    contacts.expectResponse("POST", "/contacts", 200, again.body);
    const id = created.body.id;
    contacts.expectResponse("GET", "/contacts/{id}", 200, (await call("GET", `/api/contacts/${id}`)).body);
    const patched = await call("PATCH", `/api/contacts/${id}`, { lastName: "Roe" });
    contacts.expectResponse("PATCH", "/contacts/{id}", 200, patched.body);
    contacts.expectResponse(
      "PATCH",
      "/contacts",
      200,
      (await call("PATCH", "/api/contacts?email=example%40example.com", { firstName: "Jon" })).body,
    );
    const list = await call("GET", "/api/contacts?limit=250");
    contacts.expectResponse("GET", "/contacts", 200, list.body);
    contacts.expectResponse("GET", "/contacts", 200, (await call("GET", `/api/contacts?phone=${encodeURIComponent("+1234567890")}`)).body);
  });

  it("the request example is answered 200 by both PATCH operations too, with the published ContactResponse", async () => {
    // A brand of its own: the example names the same email and phone as the create test's.
    const { key } = await createTestBrand();
    const example = () => {
      const body = contacts.example("ContactRequest", { mapKeys: { "ContactIdentifierRequest.channels": "email" } });
      body.identifiers = [
        body.identifiers[0],
        { type: "phone", id: "+1234567890", channels: { sms: contacts.example("ContactChannelRequest") } },
      ];
      return body;
    };
    const created = await call(
      "POST",
      "/api/contacts",
      { identifiers: [{ type: "email", id: "example@example.com" }], firstName: "Before" },
      key,
    );
    expect(created.status).toBe(201);
    const byId = await call("PATCH", `/api/contacts/${created.body.id}`, example(), key);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    contacts.expectResponse("PATCH", "/contacts/{id}", 200, byId.body);
    expect(byId.body).toMatchObject({
      id: created.body.id,
      firstName: "John",
      email: "example@example.com",
      phone: ["+1234567890"],
      countryCode: "US",
    });
    const byEmail = await call("PATCH", "/api/contacts?email=example%40example.com", { ...example(), firstName: "Johnny" }, key);
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    contacts.expectResponse("PATCH", "/contacts", 200, byEmail.body);
    expect(byEmail.body).toMatchObject({ id: created.body.id, firstName: "Johnny" });
  });

  it("a contact with only a phone answers without one null", async () => {
    const phoneOnly = await call("POST", "/api/contacts", { identifiers: [{ type: "phone", id: "+4915112345678" }] });
    expect(phoneOnly.status).toBe(201);
    contacts.expectResponse("POST", "/contacts", 201, phoneOnly.body);
    expect(Object.entries(phoneOnly.body).filter(([, v]) => v === null)).toEqual([]);
    expect(Object.keys(phoneOnly.body).sort()).toEqual([
      "consents",
      "createdAt",
      "customProperties",
      "id",
      "identifiers",
      "optIns",
      "phone",
      "segments",
      "statuses",
      "tags",
      "updatedAt",
    ]);
  });

  it("errors answer the published problem shapes", async () => {
    const invalid = await call("POST", "/api/contacts", { identifiers: [{ type: "email", id: "nope" }] });
    expect(invalid.status).toBe(400);
    contacts.expectResponse("POST", "/contacts", 400, invalid.body);
    const missing = await call("GET", `/api/contacts/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    contacts.expectResponse("GET", "/contacts/{id}", 404, missing.body);
    const a = await call("POST", "/api/contacts", { identifiers: [{ type: "email", id: `a-${unique()}@example.com` }] });
    const b = await call("POST", "/api/contacts", { identifiers: [{ type: "email", id: `b-${unique()}@example.com` }] });
    const conflict = await call("PATCH", `/api/contacts/${a.body.id}`, { identifiers: [{ type: "email", id: b.body.email }] });
    expect(conflict.status).toBe(409);
    contacts.expectResponse("PATCH", "/contacts/{id}", 409, conflict.body);
    const unauthorized = await call("GET", "/api/contacts", undefined, "nope");
    expect(unauthorized.status).toBe(401);
    contacts.expectResponse("GET", "/contacts", 401, unauthorized.body);
  });

  it("the tags examples are accepted (202) for both operations, and tag what they name", async () => {
    const tagger = await createTestBrand();
    const example = contacts.example("AddTagsRequest");
    expect(example).toEqual({
      contactIDs: ["60a6170920d91c215e949b5c"],
      emails: ["contact@omnisend.com"],
      phones: ["+1234567890"],
      segmentID: "60a6170920d91c215e949b5c",
      tags: ["tag1", "tag2"],
    });
    // The example names a contact and a segment by id: this brand has them.
    const now = new Date();
    await db.contact.create({
      data: { id: example.contactIDs[0], brandId: tagger.brandId, customProperties: {}, createdAt: now, updatedAt: now },
    });
    await db.segment.create({
      data: {
        id: example.segmentID,
        brandId: tagger.brandId,
        name: "Example",
        createdAt: now,
        updatedAt: now,
        conditionGroups: [
          {
            conditions: [{ entity: "contact", junction: "and", filters: [{ property: "firstName", operator: "equals", value: ["Pat"] }] }],
          },
        ],
      },
    });
    const byEmail = await call("POST", "/api/contacts", { identifiers: [{ type: "email", id: "contact@omnisend.com" }] }, tagger.key);
    const byPhone = await call(
      "POST",
      "/api/contacts",
      { identifiers: [{ type: "phone", id: "+1234567890" }], firstName: "Pat" },
      tagger.key,
    );
    const added = await call("POST", "/api/contacts/tags", example, tagger.key);
    expect(added.status).toBe(202);
    contacts.expectResponse("POST", "/contacts/tags", 202, added.body);
    expect(added.body).toMatchObject({
      action: "add",
      contactsChanged: 3,
      job: { segmentID: example.segmentID, status: expect.stringMatching(/queued|running|done/) },
    });
    await until(
      async () => (await call("GET", `/api/contacts/tags/jobs/${added.body.job.id}`, undefined, tagger.key)).body,
      (job) => job.status === "done",
    );
    for (const id of [example.contactIDs[0], byEmail.body.id, byPhone.body.id]) {
      expect((await call("GET", `/api/contacts/${id}`, undefined, tagger.key)).body.tags).toEqual(["tag1", "tag2"]);
    }
    const removed = await call("DELETE", "/api/contacts/tags", contacts.example("RemoveTagsRequest"), tagger.key);
    expect(removed.status).toBe(202);
    contacts.expectResponse("DELETE", "/contacts/tags", 202, removed.body);
    await until(
      async () => (await call("GET", `/api/contacts/tags/jobs/${removed.body.job.id}`, undefined, tagger.key)).body,
      (job) => job.status === "done",
    );
    expect((await call("GET", `/api/contacts/${byPhone.body.id}`, undefined, tagger.key)).body.tags).toEqual([]);
    const bad = await call("POST", "/api/contacts/tags", { tags: [] }, tagger.key);
    expect(bad.status).toBe(400);
    contacts.expectResponse("POST", "/contacts/tags", 400, bad.body);
  });

  it("bulk tags are limited to 60 requests a minute per credential (429 as published)", async () => {
    const busy = await createTestBrand();
    const statuses: number[] = [];
    let limited: unknown;
    for (let i = 0; i < 61; i++) {
      const res = await call("POST", "/api/contacts/tags", { emails: ["nobody@example.com"], tags: ["x"] }, busy.key);
      statuses.push(res.status);
      if (res.status === 429) limited = res.body;
    }
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
    contacts.expectResponse("POST", "/contacts/tags", 429, limited);
    // The other endpoints keep their own budget.
    expect((await call("GET", "/api/contacts", undefined, busy.key)).status).toBe(200);
  });
});

describe("events (omnisend-events-api-2026-03-15)", () => {
  it('the request example (eventVersion "", contact consents, opt-ins and opt-outs) and its spaced eventTime are accepted', async () => {
    const example = events.example("EventRequest");
    expect(example).toMatchObject({
      eventVersion: "",
      origin: "api",
      eventTime: "2021-07-01T00:00:00Z",
      contact: { phone: "+1234567890", consents: [{ channel: "email" }], optIns: [{ channel: "email" }], optOuts: [{ channel: "email" }] },
    });
    example.contact.email = `event-${unique()}@example.com`;
    // A brand of its own: the example's phone is the contacts example's phone too.
    const { key } = await createTestBrand();
    const sent = await call("POST", "/api/events", example, key);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    events.expectResponse("POST", "/events", 202, sent.body);
    const spaced = await call(
      "POST",
      "/api/events",
      { ...example, eventID: crypto.randomUUID(), eventTime: "2021-07-01 00:00:00+02:00" },
      key,
    );
    expect(spaced.status, JSON.stringify(spaced.body)).toBe(202);
    const stored = await until(
      () => db.contactEvent.findUnique({ where: { id: spaced.body.id } }),
      (e) => e !== null,
    );
    expect(stored!.eventTime.toISOString()).toBe("2021-06-30T22:00:00.000Z");
    const found = await until(
      async () => (await call("GET", `/api/contacts?email=${encodeURIComponent(example.contact.email)}`, undefined, key)).body.contacts,
      (list) => list.length === 1,
    );
    // The opt-out of the email channel is the latest entry (an opt-out wins a tie); the consent is kept.
    expect(found[0]).toMatchObject({ status: "unsubscribed", phone: ["+1234567890"] });
    expect(found[0].consents).toEqual(expect.arrayContaining([expect.objectContaining({ channel: "email", source: "event" })]));
  });

  it("contact.id names the contact to update", async () => {
    const contact = await call("POST", "/api/contacts", { identifiers: [{ type: "email", id: `byid-${unique()}@example.com` }] });
    const sent = await call("POST", "/api/events", {
      eventName: "profile updated",
      origin: "api",
      contact: { id: contact.body.id, firstName: "Named" },
    });
    expect(sent.status).toBe(202);
    await until(
      async () => (await call("GET", `/api/contacts/${contact.body.id}`)).body.firstName,
      (name) => name === "Named",
    );
  });

  it("a refused event answers the published ValidationProblem", async () => {
    const refused = await call("POST", "/api/events", { eventName: "x", origin: "api", eventVersion: "v1", eventTime: "yesterday" });
    expect(refused.status).toBe(400);
    events.expectResponse("POST", "/events", 400, refused.body);
  });
});

describe("segments (omnisend-segments-api-2026-03-15)", () => {
  it("answers 201 to all twelve published examples, and every operation with its published shape", async () => {
    const examples = segments.requestExamples("POST", "/segments") as { name: string; conditionGroups: unknown[] }[];
    expect(examples).toHaveLength(12);
    const ids: string[] = [];
    for (const example of examples) {
      const created = await call("POST", "/api/segments", example);
      expect(created.status, `${example.name}: ${JSON.stringify(created.body)}`).toBe(201);
      segments.expectResponse("POST", "/segments", 201, created.body);
      ids.push(created.body.segmentID);
    }
    const list = await call("GET", "/api/segments?limit=50");
    segments.expectResponse("GET", "/segments", 200, list.body);
    expect(list.body.segments).toHaveLength(12);
    for (const [i, id] of ids.entries()) {
      const got = await until(
        async () => (await call("GET", `/api/segments/${id}`)).body,
        (s) => s.status === "ready",
      );
      segments.expectResponse("GET", "/segments/{segmentID}", 200, got);
      const stats = await call("GET", `/api/segments/${id}/statistics`);
      segments.expectResponse("GET", "/segments/{segmentID}/statistics", 200, stats.body);
      const replaced = await call("PUT", `/api/segments/${id}`, examples[(i + 1) % examples.length]);
      expect(replaced.status).toBe(200);
      segments.expectResponse("PUT", "/segments/{segmentID}", 200, replaced.body);
    }
    await until(
      async () => (await call("GET", `/api/segments/${ids[0]}`)).body,
      (s) => s.status === "ready",
    );
    expect((await call("DELETE", `/api/segments/${ids[0]}`)).status).toBe(204);
    const missing = await call("GET", `/api/segments/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    segments.expectResponse("GET", "/segments/{segmentID}", 404, missing.body);
    const invalid = await call("POST", "/api/segments", { name: "x".repeat(257), conditionGroups: [] });
    expect(invalid.status).toBe(400);
    segments.expectResponse("POST", "/segments", 400, invalid.body);
    await db.segment.update({ where: { id: ids[1] }, data: { status: "building", buildStartedAt: new Date() } });
    const building = await call("DELETE", `/api/segments/${ids[1]}`);
    expect(building.status).toBe(409);
    segments.expectResponse("DELETE", "/segments/{segmentID}", 409, building.body);
  });
});

describe("event metadata (omnisend-event-metadata-api-2026-03-15)", () => {
  it("declares, merges and queries with the published examples; a declared schema checks events", async () => {
    const declared = metadata.example("WriteEventRequest", { mapKeys: { "WriteEventRequest.properties": "points" } });
    expect(declared).toEqual({
      displayName: "Loyalty Points Earned",
      name: "loyalty points earned",
      origin: "api",
      properties: { points: { displayName: "Points", group: "Core", type: "integer" } },
    });
    const created = await call("POST", "/api/event-metadata", declared);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    metadata.expectResponse("POST", "/event-metadata", 201, created.body);
    expect(created.body.event).toEqual({
      name: "loyalty points earned",
      displayName: "Loyalty Points Earned",
      origins: ["api"],
      explicitlyDefined: true,
      properties: { points: { type: "integer", displayName: "Points", group: "Core", explicitlyDefined: true } },
    });
    const merged = await call("PUT", "/api/event-metadata", declared);
    expect(merged.status).toBe(200);
    metadata.expectResponse("PUT", "/event-metadata", 200, merged.body);
    const again = await call("POST", "/api/event-metadata", declared);
    expect(again.status).toBe(409);
    metadata.expectResponse("POST", "/event-metadata", 409, again.body);

    const query = metadata.example("QueryEventsRequest");
    expect(query).toEqual({
      category: "automations",
      events: ["placed order"],
      excludeCustomEvents: true,
      includeProperties: false,
      origins: ["shopify", "api"],
    });
    const queried = await call("POST", "/api/event-metadata/query", query);
    expect(queried.status).toBe(200);
    metadata.expectResponse("POST", "/event-metadata/query", 200, queried.body);
    const everything = await call("POST", "/api/event-metadata/query", { category: "segments", includeProperties: true });
    metadata.expectResponse("POST", "/event-metadata/query", 200, everything.body);
    expect(everything.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "loyalty points earned", explicitlyDefined: true }),
        expect.objectContaining({ name: "placed order" }),
      ]),
    );

    const wrong = await call("POST", "/api/events", {
      eventName: "loyalty points earned",
      origin: "api",
      contact: { email: `m-${unique()}@example.com` },
      properties: { points: "many" },
    });
    expect(wrong.status).toBe(400);
    events.expectResponse("POST", "/events", 400, wrong.body);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ field: "properties.points", pointer: "/properties/points", code: "invalid_type" }),
    ]);
    expect(
      (
        await call("POST", "/api/events", {
          eventName: "loyalty points earned",
          origin: "api",
          contact: { email: `m-${unique()}@example.com` },
          properties: { points: 5 },
        })
      ).status,
    ).toBe(202);
  });
});
