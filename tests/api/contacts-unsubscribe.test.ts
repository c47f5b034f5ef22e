// POST /api/contacts/unsubscribe: the dashboard's bulk unsubscribe. Every email address of the named
// contacts becomes unsubscribed with a status history line like the one a PATCH of the channel writes,
// in the caller's brand only; running it again changes nothing.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;
const email = () => `unsub-${randomUUID().slice(0, 8)}@example.com`;

async function contact(key: string, status: string, extra: Record<string, unknown> = {}) {
  const res = await api("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: email(), channels: { email: { status } } }], ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id as string;
}
const emailStatus = async (key: string, id: string) =>
  (await json(await api(`/api/contacts/${id}`, { key }))).identifiers.find((i: { type: string }) => i.type === "email")?.channels.email
    .status;
const history = (contactId: string) =>
  db.contactStatusChange.findMany({
    where: { contactId },
    orderBy: { at: "asc" },
    select: { brandId: true, identifierType: true, channel: true, from: true, to: true, source: true },
  });

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

describe("POST /api/contacts/unsubscribe", () => {
  it("unsubscribes every email address of the named contacts with a status history line, as a PATCH does", async () => {
    const [a, b, gone, phoneOnly] = await Promise.all([
      contact(brand.key, "subscribed"),
      contact(brand.key, "nonSubscribed"),
      contact(brand.key, "unsubscribed"),
      api("/api/contacts", {
        key: brand.key,
        body: {
          identifiers: [
            {
              type: "phone",
              id: `+1415555${String(1000 + Math.floor(Math.random() * 9000))}`,
              channels: { sms: { status: "subscribed" } },
            },
          ],
        },
      }).then(async (r) => (await json(r)).id as string),
    ]);
    const before = (await json(await api(`/api/contacts/${a}`, { key: brand.key }))).updatedAt;
    const res = await api("/api/contacts/unsubscribe", {
      key: brand.key,
      body: { contactIDs: [a, b, gone, phoneOnly, MISSING_ID, "not-an-id"] },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ contactsChanged: 2 });
    expect(await emailStatus(brand.key, a)).toBe("unsubscribed");
    expect(await emailStatus(brand.key, b)).toBe("unsubscribed");
    expect(await emailStatus(brand.key, gone)).toBe("unsubscribed");
    expect((await json(await api(`/api/contacts/${a}`, { key: brand.key }))).updatedAt >= before).toBe(true);
    const line = { brandId: brand.brandId, identifierType: "email", channel: "email", to: "unsubscribed", source: "api:api-key" };
    expect(await history(a)).toEqual([expect.objectContaining({ to: "subscribed" }), { ...line, from: "subscribed" }]);
    expect(await history(b)).toEqual([expect.objectContaining({ to: "nonSubscribed" }), { ...line, from: "nonSubscribed" }]);
    // Already unsubscribed: no second line; a phone-only contact keeps its SMS status.
    expect(await history(gone)).toHaveLength(1);
    expect((await history(phoneOnly)).map((h) => h.channel)).toEqual(["sms"]);

    // The same history line as a PATCH of the channel status writes.
    const patched = await contact(brand.key, "subscribed");
    const address = (await json(await api(`/api/contacts/${patched}`, { key: brand.key }))).identifiers[0].id;
    expect(
      (
        await api(`/api/contacts/${patched}`, {
          key: brand.key,
          method: "PATCH",
          body: { identifiers: [{ type: "email", id: address, channels: { email: { status: "unsubscribed" } } }] },
        })
      ).status,
    ).toBe(200);
    expect((await history(patched))[1]).toEqual({ ...line, from: "subscribed" });

    // Again: nothing changes.
    expect(await json(await api("/api/contacts/unsubscribe", { key: brand.key, body: { contactIDs: [a, b] } }))).toEqual({
      contactsChanged: 0,
    });
    expect(await history(a)).toHaveLength(2);
  });

  it("never touches another brand's contacts", async () => {
    const theirs = await contact(other.key, "subscribed");
    expect(await json(await api("/api/contacts/unsubscribe", { key: brand.key, body: { contactIDs: [theirs] } }))).toEqual({
      contactsChanged: 0,
    });
    expect(await emailStatus(other.key, theirs)).toBe("subscribed");
    expect(await history(theirs)).toHaveLength(1);
  });

  it("from the dashboard: a session with its Origin, recorded as api:session", async () => {
    const session = await createSession(brand.brandId);
    const id = await contact(brand.key, "subscribed");
    const res = await api("/api/contacts/unsubscribe", {
      cookie: session.cookie,
      headers: { Origin: baseUrl() },
      body: { contactIDs: [id] },
    });
    expect(res.status).toBe(200);
    expect((await history(id)).at(-1)).toMatchObject({ to: "unsubscribed", source: "api:session" });
  });

  it("bad input gets a field error for each problem; no credentials get a 401", async () => {
    const none = await expectProblem(
      await api("/api/contacts/unsubscribe", { key: brand.key, body: { contactIDs: [] } }),
      400,
      "validation-failed",
    );
    expect(none.errors).toEqual([expect.objectContaining({ field: "contactIDs", pointer: "/contactIDs" })]);
    const many = await expectProblem(
      await api("/api/contacts/unsubscribe", {
        key: brand.key,
        body: { contactIDs: Array.from({ length: 251 }, () => MISSING_ID), segmentID: "x" },
      }),
      400,
      "validation-failed",
    );
    expect(many.errors.map((e: { field: string }) => e.field).sort()).toEqual(["contactIDs", "segmentID"].sort());
    await expectProblem(await api("/api/contacts/unsubscribe", { body: { contactIDs: [MISSING_ID] } }), 401, "unauthorized");
    await expectProblem(await api("/api/contacts/unsubscribe", { key: brand.key }), 405, "method-not-allowed");
  });
});
