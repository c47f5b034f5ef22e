// Contacts over HTTP: upsert, validation, PATCH merge rules, lookups, filters, paging, the history arrays,
// and tenancy. Every rule has the failing request with its exact problem and the succeeding one.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

const unique = () => randomBytes(5).toString("hex");
const newEmail = () => `person-${unique()}@example.com`;
const post = (body: unknown, key = brand.key) => api("/api/contacts", { key, body });
const patch = (path: string, body: unknown, key = brand.key) => api(path, { key, method: "PATCH", body });

async function createContact(body: Record<string, unknown> = {}, key = brand.key) {
  const res = await post({ identifiers: [{ type: "email", id: newEmail() }], ...body }, key);
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

describe("POST /api/contacts (upsert)", () => {
  it("creates a contact (201) with the full record", async () => {
    const email = newEmail();
    const res = await post({
      identifiers: [
        {
          type: "email",
          id: email.toUpperCase(),
          channels: { email: { status: "subscribed" } },
          consent: { source: "signup form", ip: "203.0.113.7", userAgent: "Mozilla/5.0" },
        },
        { type: "phone", id: "+14155552671", sendWelcomeMessage: false },
      ],
      firstName: "Ada",
      lastName: "Lovelace",
      gender: "f",
      birthdate: "1815-12-10",
      countryCode: "GB",
      city: "London",
      tags: ["vip", "newsletter"],
      customProperties: { plan: "gold", visits: 3, beta: true },
    });
    expect(res.status).toBe(201);
    const contact = await json(res);
    expect(contact).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email,
      phone: ["+14155552671"],
      status: "subscribed",
      firstName: "Ada",
      lastName: "Lovelace",
      gender: "f",
      birthdate: "1815-12-10",
      countryCode: "GB",
      city: "London",
      tags: ["newsletter", "vip"],
      customProperties: { plan: "gold", visits: 3, beta: true },
      segments: [],
    });
    expect(contact.identifiers[0]).toMatchObject({
      type: "email",
      id: email,
      sendWelcomeMessage: true,
      channels: { email: { status: "subscribed", statusChangedAt: expect.any(String) } },
      consent: { source: "signup form", ip: "203.0.113.7", userAgent: "Mozilla/5.0", createdAt: expect.any(String) },
    });
    expect(contact.identifiers[1]).toMatchObject({
      type: "phone",
      id: "+14155552671",
      sendWelcomeMessage: false,
      channels: { sms: { status: "nonSubscribed" } },
    });
    expect(contact.identifiers[1]).not.toHaveProperty("consent");
    // The published history arrays, from the changes this request made; unset fields are omitted, never null.
    expect(contact.optIns).toEqual([{ channel: "email", optInAt: contact.identifiers[0].channels.email.statusChangedAt }]);
    expect(contact.consents).toEqual([
      {
        channel: "email",
        source: "signup form",
        ip: "203.0.113.7",
        userAgent: "Mozilla/5.0",
        createdAt: contact.identifiers[0].consent.createdAt,
      },
    ]);
    expect(contact.statuses.map((s: { channel: string; status: string }) => [s.channel, s.status]).sort()).toEqual([
      ["email", "subscribed"],
      ["sms", "nonSubscribed"],
    ]);
    for (const unset of ["address", "state", "country", "postalCode"]) expect(contact).not.toHaveProperty(unset);
  });

  it("updates (200) the contact matched by email, case-insensitively", async () => {
    const email = newEmail();
    const first = await createContact({ identifiers: [{ type: "email", id: email }], firstName: "A" });
    const res = await post({ identifiers: [{ type: "email", id: email.toUpperCase() }], lastName: "B" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: first.id, firstName: "A", lastName: "B" });
  });

  it("matches by phone when no email matches, and adds the new email to it", async () => {
    const phone = "+4915112345678";
    const first = await createContact({ identifiers: [{ type: "phone", id: phone }] });
    const email = newEmail();
    const res = await post({
      identifiers: [
        { type: "email", id: email },
        { type: "phone", id: phone },
      ],
    });
    expect(res.status).toBe(200);
    const contact = await json(res);
    expect(contact.id).toBe(first.id);
    expect(contact.email).toBe(email);
  });

  it("prefers the email match over the phone match; the phone then conflicts (409)", async () => {
    const a = await createContact();
    const phone = "+33612345678";
    await createContact({ identifiers: [{ type: "phone", id: phone }] });
    const body = await expectProblem(
      await post({
        identifiers: [
          { type: "email", id: a.email },
          { type: "phone", id: phone },
        ],
      }),
      409,
      "conflict",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/1/id", code: "identifier_taken" }),
    ]);
  });

  it("20 simultaneous POSTs of the same new email create exactly one contact", async () => {
    const email = newEmail();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post({ identifiers: [{ type: "email", id: email }] })));
    const statuses = responses.map((r) => r.status).sort();
    const failed = responses.find((r) => r.status !== 200 && r.status !== 201);
    expect(failed, failed && (await failed.text())).toBeUndefined();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await json(r)).id)));
    expect(ids.size).toBe(1);
    const list = await json(await api(`/api/contacts?email=${encodeURIComponent(email)}`, { key: brand.key }));
    expect(list.contacts).toHaveLength(1);
  });

  it("an upsert refused with 409 among concurrent upserts leaves the others created", async () => {
    const withPhone = await createContact({
      identifiers: [
        { type: "phone", id: "+14155550142" },
        { type: "email", id: newEmail() },
      ],
    });
    const other = await createContact();
    const emails = Array.from({ length: 8 }, () => newEmail());
    const results = await Promise.all([
      ...emails.map((email) => post({ identifiers: [{ type: "email", id: email }], firstName: "Batch" })),
      // matched by the other contact's email, with a phone that belongs to another contact: 409
      post({
        identifiers: [
          { type: "email", id: other.email },
          { type: "phone", id: withPhone.phone[0] },
        ],
        firstName: "Refused",
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(8).fill(201), 409]);
    for (const email of emails) {
      const found = await json(await api(`/api/contacts?email=${encodeURIComponent(email)}`, { key: brand.key }));
      expect(found.contacts).toEqual([expect.objectContaining({ email, firstName: "Batch" })]);
    }
    expect((await json(await api(`/api/contacts/${other.id}`, { key: brand.key }))).firstName).not.toBe("Refused");
  });

  it("an upsert that updates merges custom properties key by key, like PATCH", async () => {
    const contact = await createContact({ customProperties: { a: 1, b: "x" } });
    const res = await post({ identifiers: [{ type: "email", id: contact.email }], customProperties: { b: null, c: true } });
    expect(res.status).toBe(200);
    expect((await json(res)).customProperties).toEqual({ a: 1, c: true });
  });

  it("requires at least one identifier", async () => {
    const body = await expectProblem(await post({ identifiers: [] }), 400, "validation-failed");
    expect(body.errors).toEqual([expect.objectContaining({ field: "identifiers", pointer: "/identifiers", code: "too_small" })]);
    const missing = await expectProblem(await post({ firstName: "x" }), 400, "validation-failed");
    expect(missing.errors).toEqual([expect.objectContaining({ field: "identifiers", code: "required" })]);
  });

  it("validates emails and E.164 phones", async () => {
    const body = await expectProblem(
      await post({
        identifiers: [
          { type: "email", id: "not-an-email" },
          { type: "phone", id: "4155552671" },
          { type: "phone", id: "+0155" },
          { type: "phone", id: "+1 234 567 8901 2345" },
        ],
      }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/0/id", code: "invalid_email" }),
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/1/id", code: "invalid_phone" }),
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/2/id", code: "invalid_phone" }),
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/3/id", code: "invalid_phone" }),
    ]);
  });

  it("accepts E.164 numbers no carrier assigned (the published example +1234567890) as sent, and normalizes assigned ones", async () => {
    const unassigned = `+1234${Math.floor(Math.random() * 1e6)
      .toString()
      .padStart(6, "0")}`;
    const kept = await createContact({ identifiers: [{ type: "phone", id: unassigned }] });
    expect(kept.phone).toEqual([unassigned]);
    const found = await json(await api(`/api/contacts?phone=${encodeURIComponent(unassigned)}`, { key: brand.key }));
    expect(found.contacts.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    const formatted = await createContact({ identifiers: [{ type: "phone", id: "+1 (415) 555-0177" }] });
    expect(formatted.phone).toEqual(["+14155550177"]);
  });

  it("stores phones in E.164", async () => {
    const contact = await createContact({ identifiers: [{ type: "phone", id: "+44 20 7946 0958" }] });
    expect(contact.phone).toEqual(["+442079460958"]);
  });

  it("rejects a channel that does not belong to the identifier type and unknown statuses", async () => {
    const body = await expectProblem(
      await post({
        identifiers: [
          { type: "email", id: newEmail(), channels: { sms: { status: "subscribed" } } },
          { type: "phone", id: "+14155550123", channels: { sms: { status: "maybe" } } },
        ],
      }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ pointer: "/identifiers/0/channels/sms", code: "invalid_channel" }),
      expect.objectContaining({ pointer: "/identifiers/1/channels/sms/status", code: "invalid_value" }),
    ]);
  });

  it("rejects duplicate identifiers and duplicate tags", async () => {
    const email = newEmail();
    const body = await expectProblem(
      await post({
        identifiers: [
          { type: "email", id: email },
          { type: "email", id: email.toUpperCase() },
        ],
        tags: ["a", "a"],
      }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/1/id", code: "duplicate" }),
      expect.objectContaining({ field: "tags", pointer: "/tags/1", code: "duplicate" }),
    ]);
  });

  it("enforces profile field limits, reporting every error at once", async () => {
    const body = await expectProblem(
      await post({
        identifiers: [{ type: "email", id: newEmail() }],
        firstName: "x".repeat(51),
        lastName: "y".repeat(51),
        address: "a".repeat(501),
        city: "c".repeat(101),
        state: "s".repeat(101),
        country: "c".repeat(101),
        countryCode: "XX",
        postalCode: "1".repeat(21),
        gender: "x",
        birthdate: "1990-13-01",
      }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "address",
      "birthdate",
      "city",
      "country",
      "countryCode",
      "firstName",
      "gender",
      "lastName",
      "postalCode",
      "state",
    ]);
  });

  it("accepts values at the limits", async () => {
    const contact = await createContact({
      firstName: "x".repeat(50),
      postalCode: "1".repeat(20),
      countryCode: "DE",
      gender: "m",
      birthdate: "2000-02-29",
    });
    expect(contact).toMatchObject({ firstName: "x".repeat(50), countryCode: "DE", gender: "m", birthdate: "2000-02-29" });
  });

  it("allows at most 100 tags", async () => {
    const tags = Array.from({ length: 101 }, (_, i) => `t${i}`);
    const body = await expectProblem(await post({ identifiers: [{ type: "email", id: newEmail() }], tags }), 400, "validation-failed");
    expect(body.errors).toEqual([expect.objectContaining({ field: "tags", code: "too_big" })]);
    expect((await createContact({ tags: tags.slice(0, 100) })).tags).toHaveLength(100);
  });

  it("custom properties: string, number, boolean values; bounded keys and sizes", async () => {
    const body = await expectProblem(
      await post({
        identifiers: [{ type: "email", id: newEmail() }],
        customProperties: { nested: { a: 1 }, list: [1], "bad key": "x", long: "x".repeat(1001) },
      }),
      400,
      "validation-failed",
    );
    const pointers = body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/customProperties/nested", "/customProperties/list", "/customProperties/long"]));
    expect(body.errors.some((e: { field: string }) => e.field.startsWith("customProperties"))).toBe(true);
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const many = await expectProblem(
      await post({ identifiers: [{ type: "email", id: newEmail() }], customProperties: tooMany }),
      400,
      "validation-failed",
    );
    expect(many.errors).toEqual([expect.objectContaining({ field: "customProperties", code: "too_big" })]);
  });

  it("validates consent (ip address, RFC 3339 createdAt; the source defaults to the writer)", async () => {
    const body = await expectProblem(
      await post({ identifiers: [{ type: "email", id: newEmail(), consent: { ip: "999.1.1.1", createdAt: "yesterday", source: "" } }] }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/identifiers/0/consent/createdAt",
      "/identifiers/0/consent/ip",
      "/identifiers/0/consent/source",
    ]);
    const ok = await createContact({
      identifiers: [
        { type: "email", id: newEmail(), consent: { source: "import", createdAt: "2026-02-03T04:05:06+01:00", ip: "2001:db8::1" } },
      ],
    });
    expect(ok.identifiers[0].consent).toEqual({ source: "import", createdAt: "2026-02-03T03:05:06.000Z", ip: "2001:db8::1" });
    expect(ok.consents).toEqual([{ channel: "email", source: "import", createdAt: "2026-02-03T03:05:06.000Z", ip: "2001:db8::1" }]);
    const defaulted = await createContact({ identifiers: [{ type: "email", id: newEmail(), consent: {} }] });
    expect(defaulted.consents).toEqual([{ channel: "email", source: "api", createdAt: expect.any(String) }]);
  });

  it("keeps createdAt as the externalCreated custom property and identifiers[].source on the identifier", async () => {
    const contact = await createContact({
      identifiers: [{ type: "email", id: newEmail(), source: "shopify" }],
      createdAt: "2024-01-01T00:00:00Z",
    });
    expect(contact.customProperties).toEqual({ externalCreated: "2024-01-01T00:00:00.000Z" });
    expect(contact.identifiers[0].source).toBe("shopify");
    expect(contact.createdAt).not.toBe("2024-01-01T00:00:00.000Z");
  });

  it("derives countryCode from a country name, and keeps a countryCode sent with it", async () => {
    expect(await createContact({ country: "United States" })).toMatchObject({ country: "United States", countryCode: "US" });
    expect(await createContact({ country: "Deutschland", countryCode: "AT" })).toMatchObject({ country: "Deutschland", countryCode: "AT" });
    const unknown = await createContact({ country: "Atlantis" });
    expect(unknown.country).toBe("Atlantis");
    expect(unknown).not.toHaveProperty("countryCode");
  });

  it("rejects unknown fields", async () => {
    const body = await expectProblem(
      await post({ identifiers: [{ type: "email", id: newEmail() }], favouriteColour: "red" }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([expect.objectContaining({ field: "favouriteColour", code: "unknown_field" })]);
  });

  it("sets statusChangedAt when the status changes and keeps a given one", async () => {
    const email = newEmail();
    const created = await createContact({
      identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed", statusChangedAt: "2026-01-02T03:04:05Z" } } }],
    });
    expect(created.identifiers[0].channels.email.statusChangedAt).toBe("2026-01-02T03:04:05.000Z");
    const same = await json(await post({ identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }] }));
    expect(same.identifiers[0].channels.email.statusChangedAt).toBe("2026-01-02T03:04:05.000Z");
    expect(same.optIns).toHaveLength(1);
    const changed = await json(
      await post({ identifiers: [{ type: "email", id: email, channels: { email: { status: "unsubscribed" } } }] }),
    );
    expect(Date.parse(changed.identifiers[0].channels.email.statusChangedAt)).toBeGreaterThan(Date.parse("2026-01-02T03:04:05Z"));
    expect(changed.status).toBe("unsubscribed");
    expect(changed.statuses).toEqual([
      { channel: "email", status: "unsubscribed", statusChangedAt: changed.identifiers[0].channels.email.statusChangedAt },
    ]);
    const history = await db.contactStatusChange.findMany({ where: { contactId: created.id }, orderBy: { at: "desc" } });
    expect(history[0]).toMatchObject({
      identifierType: "email",
      identifier: email,
      channel: "email",
      from: "subscribed",
      to: "unsubscribed",
      source: "api:api-key",
    });
  });

  it("records the session as the source of a status change made from the dashboard", async () => {
    const session = await createSession(brand.brandId);
    const res = await api("/api/contacts", {
      cookie: session.cookie,
      headers: { Origin: baseUrl() },
      body: { identifiers: [{ type: "email", id: newEmail(), channels: { email: { status: "subscribed" } } }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const contact = await json(res);
    const [change] = await db.contactStatusChange.findMany({ where: { contactId: contact.id } });
    expect(change).toMatchObject({ to: "subscribed", source: "api:session" });
  });
});

describe("PATCH /api/contacts/{id} and ?email=", () => {
  it("changes only the fields sent", async () => {
    const contact = await createContact({ firstName: "Ann", lastName: "Lee", city: "Oslo", tags: ["a"] });
    const res = await patch(`/api/contacts/${contact.id}`, { lastName: "Ng", city: null });
    expect(res.status).toBe(200);
    const updated = await json(res);
    expect(updated).toMatchObject({ id: contact.id, firstName: "Ann", lastName: "Ng", tags: ["a"], email: contact.email });
    expect(updated).not.toHaveProperty("city");
  });

  it("merges identifiers by (type, id)", async () => {
    const contact = await createContact();
    const res = await patch(`/api/contacts/${contact.id}`, {
      identifiers: [
        { type: "email", id: contact.email, sendWelcomeMessage: false },
        { type: "phone", id: "+14155550199" },
      ],
    });
    const updated = await json(res);
    expect(updated.identifiers).toHaveLength(2);
    expect(updated.identifiers[0]).toMatchObject({ id: contact.email, sendWelcomeMessage: false });
    expect(updated.phone).toEqual(["+14155550199"]);
  });

  it("merges custom properties key by key; null removes a key", async () => {
    const contact = await createContact({ customProperties: { a: "1", b: 2, c: true } });
    const updated = await json(await patch(`/api/contacts/${contact.id}`, { customProperties: { b: 3, c: null, d: "new" } }));
    expect(updated.customProperties).toEqual({ a: "1", b: 3, d: "new" });
  });

  it("tags sent replace the contact's tags; an empty list clears them", async () => {
    const contact = await createContact({ tags: ["a", "b"] });
    expect((await json(await patch(`/api/contacts/${contact.id}`, { tags: ["c", "a"] }))).tags).toEqual(["a", "c"]);
    expect((await json(await patch(`/api/contacts/${contact.id}`, { tags: [] }))).tags).toEqual([]);
  });

  it("concurrent patches of different custom properties all survive (no lost update)", async () => {
    const contact = await createContact({ customProperties: { base: 0 } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => patch(`/api/contacts/${contact.id}`, { customProperties: { [`k${i}`]: i } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const final = await json(await api(`/api/contacts/${contact.id}`, { key: brand.key }));
    expect(final.customProperties).toEqual({ base: 0, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i])) });
  });

  it("refuses a merge that would exceed 100 custom properties", async () => {
    const contact = await createContact({ customProperties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) });
    const body = await expectProblem(
      await patch(`/api/contacts/${contact.id}`, { customProperties: { extra: 1 } }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([expect.objectContaining({ field: "customProperties", pointer: "/customProperties", code: "too_big" })]);
    expect(
      (await json(await patch(`/api/contacts/${contact.id}`, { customProperties: { extra: 1, k0: null } }))).customProperties.extra,
    ).toBe(1);
  });

  it("409 when an identifier belongs to another contact", async () => {
    const a = await createContact();
    const b = await createContact();
    const body = await expectProblem(
      await patch(`/api/contacts/${a.id}`, { identifiers: [{ type: "email", id: b.email }] }),
      409,
      "conflict",
    );
    expect(body.errors).toEqual([expect.objectContaining({ field: "identifiers.id", pointer: "/identifiers/0/id" })]);
  });

  it("by ?email= (case-insensitive)", async () => {
    const contact = await createContact();
    const res = await patch(`/api/contacts?email=${encodeURIComponent(contact.email.toUpperCase())}`, { firstName: "ByEmail" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: contact.id, firstName: "ByEmail" });
  });

  it("404 for an unknown id or email, 400 for a malformed id or a missing email", async () => {
    await expectProblem(await patch(`/api/contacts/${MISSING_ID}`, { firstName: "x" }), 404, "not-found");
    await expectProblem(await patch(`/api/contacts?email=${encodeURIComponent(newEmail())}`, { firstName: "x" }), 404, "not-found");
    await expectProblem(await patch("/api/contacts/nope", { firstName: "x" }), 400, "invalid-id");
    const body = await expectProblem(await patch("/api/contacts", { firstName: "x" }), 400, "validation-failed");
    expect(body.errors).toEqual([expect.objectContaining({ field: "email", code: "required" })]);
  });

  it("validates the patch like the create", async () => {
    const contact = await createContact();
    const body = await expectProblem(
      await patch(`/api/contacts/${contact.id}`, { gender: "x", identifiers: [{ type: "phone", id: "123" }] }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/gender", "/identifiers/0/id"]);
  });

  it("keeps the history arrays from real changes: opt-ins, statuses, consents", async () => {
    const contact = await createContact({
      identifiers: [
        { type: "email", id: newEmail(), channels: { email: { status: "subscribed", statusChangedAt: "2026-01-01T00:00:00Z" } } },
      ],
    });
    const unsubscribed = await json(
      await patch(`/api/contacts/${contact.id}`, {
        identifiers: [
          { type: "email", id: contact.email, channels: { email: { status: "unsubscribed", statusChangedAt: "2026-02-01T00:00:00Z" } } },
        ],
      }),
    );
    expect(unsubscribed.statuses).toEqual([{ channel: "email", status: "unsubscribed", statusChangedAt: "2026-02-01T00:00:00.000Z" }]);
    expect(unsubscribed.optIns).toEqual([{ channel: "email", optInAt: "2026-01-01T00:00:00.000Z" }]);
    // The same status again is no change; subscribing again is a second opt-in; a consent is added to the history.
    await patch(`/api/contacts/${contact.id}`, {
      identifiers: [{ type: "email", id: contact.email, channels: { email: { status: "unsubscribed" } } }],
    });
    const again = await json(
      await patch(`/api/contacts/${contact.id}`, {
        identifiers: [
          {
            type: "email",
            id: contact.email,
            channels: { email: { status: "subscribed", statusChangedAt: "2026-03-01T00:00:00Z" } },
            consent: { source: "popup", createdAt: "2026-03-01T00:00:00Z" },
          },
        ],
      }),
    );
    expect(again.optIns).toEqual([
      { channel: "email", optInAt: "2026-01-01T00:00:00.000Z" },
      { channel: "email", optInAt: "2026-03-01T00:00:00.000Z" },
    ]);
    expect(again.consents).toEqual([{ channel: "email", source: "popup", createdAt: "2026-03-01T00:00:00.000Z" }]);
    expect(await json(await api(`/api/contacts/${contact.id}`, { key: brand.key }))).toEqual(again);
  });
});

describe("GET /api/contacts/{id}", () => {
  it("returns the contact", async () => {
    const contact = await createContact({ firstName: "Get" });
    const res = await api(`/api/contacts/${contact.id}`, { key: brand.key });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(contact);
  });

  it("404 unknown, 400 malformed", async () => {
    await expectProblem(await api(`/api/contacts/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api("/api/contacts/123", { key: brand.key }), 400, "invalid-id");
  });
});

describe("GET /api/contacts (list)", () => {
  it("finds by email and by phone (+ encoded as %2B)", async () => {
    const phone = "+12025550143";
    const contact = await createContact({
      identifiers: [
        { type: "email", id: newEmail() },
        { type: "phone", id: phone },
      ],
    });
    const byEmail = await json(await api(`/api/contacts?email=${encodeURIComponent(contact.email.toUpperCase())}`, { key: brand.key }));
    expect(byEmail.contacts.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    const byPhone = await json(await api(`/api/contacts?phone=%2B12025550143`, { key: brand.key }));
    expect(byPhone.contacts.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    expect(byPhone.paging).toMatchObject({ limit: 100, hasMore: false });
    const none = await json(await api(`/api/contacts?email=${encodeURIComponent(newEmail())}`, { key: brand.key }));
    expect(none.contacts).toEqual([]);
  });

  it("an unencoded + in phone is refused (it arrives as a space)", async () => {
    const body = await expectProblem(await api(`/api/contacts?phone=+12025550143`, { key: brand.key }), 400, "validation-failed");
    expect(body.errors).toEqual([expect.objectContaining({ field: "phone", code: "invalid_phone" })]);
  });

  it("filters by status and by tag", async () => {
    const tag = `tag-${unique()}`;
    const sub = await createContact({
      identifiers: [{ type: "email", id: newEmail(), channels: { email: { status: "subscribed" } } }],
      tags: [tag],
    });
    await createContact({ identifiers: [{ type: "email", id: newEmail(), channels: { email: { status: "unsubscribed" } } }], tags: [tag] });
    const byTag = await json(await api(`/api/contacts?tag=${tag}`, { key: brand.key }));
    expect(byTag.contacts).toHaveLength(2);
    const byStatus = await json(await api(`/api/contacts?status=subscribed&limit=250`, { key: brand.key }));
    expect(byStatus.contacts.every((c: { status: string }) => c.status === "subscribed")).toBe(true);
    expect(byStatus.contacts.map((c: { id: string }) => c.id)).toContain(sub.id);
  });

  it("filters by updatedAtFrom", async () => {
    const before = await createContact();
    await new Promise((r) => setTimeout(r, 20));
    const from = new Date().toISOString();
    const after = await createContact();
    const list = await json(await api(`/api/contacts?updatedAtFrom=${encodeURIComponent(from)}&limit=250`, { key: brand.key }));
    const ids = list.contacts.map((c: { id: string }) => c.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
  });

  it("refuses tag with status, updatedAtFrom with another filter, and bad parameters", async () => {
    const a = await expectProblem(await api(`/api/contacts?tag=x&status=subscribed`, { key: brand.key }), 400, "validation-failed");
    expect(a.errors).toEqual([expect.objectContaining({ field: "status", code: "conflicting_parameters" })]);
    const b = await expectProblem(
      await api(`/api/contacts?updatedAtFrom=2026-01-01T00:00:00Z&email=a@b.co`, { key: brand.key }),
      400,
      "validation-failed",
    );
    expect(b.errors).toEqual([expect.objectContaining({ field: "updatedAtFrom", code: "conflicting_parameters" })]);
    const c = await expectProblem(
      await api(`/api/contacts?limit=251&status=maybe&sort=name`, { key: brand.key }),
      400,
      "validation-failed",
    );
    expect(c.errors.map((e: { field: string }) => e.field).sort()).toEqual(["limit", "sort", "status"]);
    const d = await expectProblem(await api(`/api/contacts?after=x&before=y`, { key: brand.key }), 400, "validation-failed");
    expect(d.errors).toEqual([expect.objectContaining({ field: "before", code: "conflicting_parameters" })]);
    await expectProblem(await api(`/api/contacts?after=garbage`, { key: brand.key }), 400, "validation-failed");
    await expectProblem(await api(`/api/contacts?segmentID=${MISSING_ID}`, { key: brand.key }), 404, "not-found");
  });

  it("cursor pagination stays exact while contacts are added", async () => {
    const pager = await createTestBrand();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await createContact({}, pager.key)).id);
    const seen: string[] = [];
    let page = await json(await api(`/api/contacts?limit=3`, { key: pager.key }));
    seen.push(...page.contacts.map((c: { id: string }) => c.id));
    // New contacts land before the first page (newest first): they must not shift later pages.
    await createContact({}, pager.key);
    await createContact({}, pager.key);
    while (page.paging.hasMore) {
      page = await json(await api(`/api/contacts?limit=3&after=${page.paging.cursors.after}`, { key: pager.key }));
      seen.push(...page.contacts.map((c: { id: string }) => c.id));
    }
    expect(seen).toEqual([...created].reverse());
    // and back again
    const back = await json(await api(`/api/contacts?limit=3&before=${page.paging.cursors.before}`, { key: pager.key }));
    expect(back.contacts.map((c: { id: string }) => c.id)).toEqual([...created].reverse().slice(3, 6));
    const asc = await json(await api(`/api/contacts?limit=2&sort=updatedAt&direction=asc`, { key: pager.key }));
    expect(asc.contacts.map((c: { id: string }) => c.id)).toEqual(created.slice(0, 2));
    await expectProblem(
      await api(`/api/contacts?limit=3&direction=asc&after=${page.paging.cursors.after}`, { key: pager.key }),
      400,
      "validation-failed",
    );
  });
});

describe("tenancy", () => {
  it("another brand's key never sees, finds or changes a contact", async () => {
    const mine = await createContact({
      identifiers: [
        { type: "email", id: newEmail() },
        { type: "phone", id: "+61412345678" },
      ],
      tags: ["secret"],
    });
    await expectProblem(await api(`/api/contacts/${mine.id}`, { key: other.key }), 404, "not-found");
    await expectProblem(await patch(`/api/contacts/${mine.id}`, { firstName: "Hacked" }, other.key), 404, "not-found");
    await expectProblem(
      await patch(`/api/contacts?email=${encodeURIComponent(mine.email)}`, { firstName: "Hacked" }, other.key),
      404,
      "not-found",
    );
    expect((await json(await api(`/api/contacts?email=${encodeURIComponent(mine.email)}`, { key: other.key }))).contacts).toEqual([]);
    expect((await json(await api(`/api/contacts?phone=%2B61412345678`, { key: other.key }))).contacts).toEqual([]);
    expect((await json(await api(`/api/contacts?tag=secret`, { key: other.key }))).contacts).toEqual([]);
    // The same email in the other brand is a different contact: 201 there, mine untouched.
    const theirs = await post({ identifiers: [{ type: "email", id: mine.email }], firstName: "Theirs" }, other.key);
    expect(theirs.status).toBe(201);
    expect((await json(theirs)).id).not.toBe(mine.id);
    expect((await json(await api(`/api/contacts/${mine.id}`, { key: brand.key }))).firstName).toBe(mine.firstName);
  });

  it("requires credentials", async () => {
    await expectProblem(await api("/api/contacts"), 401, "unauthorized");
    await expectProblem(await api("/api/contacts", { body: { identifiers: [] } }), 401, "unauthorized");
  });

  it("405 with Allow for unsupported methods", async () => {
    const res = await api("/api/contacts", { key: brand.key, method: "DELETE" });
    await expectProblem(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")).toBe("GET, POST, PATCH");
  });
});
