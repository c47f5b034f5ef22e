// Segments over HTTP in the published condition model: CRUD, building and its 409, isStarred and
// archivedAt, validation, origins, listing, statistics, membership on the contact record, the contacts
// list's segmentID filter, event filters (ContactEvent rows inserted directly) and tenancy.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

const unique = () => randomBytes(5).toString("hex");
const tagsCondition = (tag: string) => ({
  entity: "contact",
  junction: "and",
  filters: [{ property: "tags", operator: "anyOf", value: [tag] }],
});
const vipGroups = (tag: string) => [{ conditions: [tagsCondition(tag)] }];

/** The segment once its first count is taken (a new or changed definition is "building" for a moment). */
async function ready(segmentID: string, key = brand.key) {
  return until(
    async () => json(await api(`/api/segments/${segmentID}`, { key })),
    (s) => s.status === "ready",
  );
}

async function createSegment(body: Record<string, unknown>, key = brand.key) {
  const res = await api("/api/segments", { key, body: { name: `Segment ${unique()}`, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await json(res);
  return ready(created.segmentID, key);
}

async function createContact(body: Record<string, unknown>, key = brand.key) {
  const res = await api("/api/contacts", { key, body: { identifiers: [{ type: "email", id: `p-${unique()}@example.com` }], ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

async function addEvents(
  brandId: string,
  contactId: string,
  eventName: string,
  daysAgo: number[],
  properties: Record<string, string | number | { productID: string }[]> = {},
) {
  const now = Date.now();
  await db.contactEvent.createMany({
    data: daysAgo.map((d) => ({
      id: newId(),
      brandId,
      contactId,
      eventName,
      origin: "web",
      eventTime: new Date(now - d * 86_400_000),
      receivedAt: new Date(),
      properties,
    })),
  });
}

describe("segment CRUD", () => {
  it("creates (building until counted), reads, replaces and deletes", async () => {
    const res = await api("/api/segments", { key: brand.key, body: { name: "VIPs", conditionGroups: vipGroups("vip") } });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      segmentID: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "VIPs",
      status: "building",
      isStarred: false,
      archivedAt: null,
      conditionGroups: vipGroups("vip"),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await ready(created.segmentID);
    expect(got).toEqual({ ...created, status: "ready" });
    const replaced = await api(`/api/segments/${created.segmentID}`, {
      key: brand.key,
      method: "PUT",
      body: { name: "Renamed", conditionGroups: vipGroups("gold"), isStarred: true },
    });
    expect(replaced.status).toBe(200);
    expect(await json(replaced)).toMatchObject({
      segmentID: created.segmentID,
      name: "Renamed",
      isStarred: true,
      conditionGroups: vipGroups("gold"),
    });
    await ready(created.segmentID);
    // isStarred is kept when a replace leaves it out.
    const again = await json(
      await api(`/api/segments/${created.segmentID}`, {
        key: brand.key,
        method: "PUT",
        body: { name: "Renamed", conditionGroups: vipGroups("gold") },
      }),
    );
    expect(again.isStarred).toBe(true);
    await ready(created.segmentID);
    expect((await api(`/api/segments/${created.segmentID}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/segments/${created.segmentID}`, { key: brand.key }), 404, "not-found");
  });

  it("409 on replace and delete while the segment is being built; a build that lapsed no longer blocks", async () => {
    const segment = await createSegment({ conditionGroups: vipGroups("x") });
    await db.segment.update({ where: { id: segment.segmentID }, data: { status: "building", buildStartedAt: new Date() } });
    expect((await json(await api(`/api/segments/${segment.segmentID}`, { key: brand.key }))).status).toBe("building");
    const put = await expectProblem(
      await api(`/api/segments/${segment.segmentID}`, {
        key: brand.key,
        method: "PUT",
        body: { name: "x", conditionGroups: vipGroups("y") },
      }),
      409,
      "conflict",
    );
    expect(put.detail).toMatch(/being built/);
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: brand.key, method: "DELETE" }), 409, "conflict");
    expect((await json(await api(`/api/segments/${segment.segmentID}`, { key: brand.key }))).conditionGroups).toEqual(vipGroups("x"));
    await db.segment.update({ where: { id: segment.segmentID }, data: { buildStartedAt: new Date(Date.now() - 120_000) } });
    expect((await json(await api(`/api/segments/${segment.segmentID}`, { key: brand.key }))).status).toBe("ready");
    expect((await api(`/api/segments/${segment.segmentID}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
  });

  it("an archived segment reads archived with its archivedAt, and has no members", async () => {
    const tag = `arch-${unique()}`;
    const contact = await createContact({ tags: [tag] });
    const segment = await createSegment({ conditionGroups: vipGroups(tag) });
    expect((await json(await api(`/api/contacts/${contact.id}`, { key: brand.key }))).segments).toContain(segment.segmentID);
    const archivedAt = new Date("2026-06-01T00:00:00Z");
    await db.segment.update({ where: { id: segment.segmentID }, data: { archivedAt } });
    expect(await json(await api(`/api/segments/${segment.segmentID}`, { key: brand.key }))).toMatchObject({
      status: "archived",
      archivedAt: archivedAt.toISOString(),
    });
    expect((await json(await api(`/api/contacts/${contact.id}`, { key: brand.key }))).segments).not.toContain(segment.segmentID);
  });

  it("404 for unknown ids on every verb, 400 for malformed ids", async () => {
    await expectProblem(await api(`/api/segments/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    await expectProblem(
      await api(`/api/segments/${MISSING_ID}`, { key: brand.key, method: "PUT", body: { name: "x", conditionGroups: vipGroups("a") } }),
      404,
      "not-found",
    );
    await expectProblem(await api(`/api/segments/${MISSING_ID}`, { key: brand.key, method: "DELETE" }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${MISSING_ID}/statistics`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/xyz`, { key: brand.key }), 400, "invalid-id");
  });

  it("validates name (1-256 characters) and conditions, reporting every error", async () => {
    const res = await api("/api/segments", {
      key: brand.key,
      body: {
        name: "",
        conditionGroups: [
          {
            conditions: [
              {
                entity: "contact",
                filters: [
                  { property: "custom", name: "visits", valueType: "number", operator: "moreThan", value: "many" },
                  { property: "tags", operator: "anyOf" },
                ],
              },
            ],
          },
          { conditions: [] },
          {
            conditions: [
              { entity: "teleport", filters: [{}] },
              { entity: "event", filters: [{ name: "order", operator: "did", count: "atLeast", value: 1 }] },
            ],
          },
        ],
      },
    });
    const body = await expectProblem(res, 400, "validation-failed");
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/conditionGroups/0/conditions/0/filters/0/value",
      "/conditionGroups/0/conditions/0/filters/1/value",
      "/conditionGroups/1/conditions",
      "/conditionGroups/2/conditions/0/entity",
      "/conditionGroups/2/conditions/1/filters/0/operator",
      "/name",
    ]);
    const empty = await expectProblem(
      await api("/api/segments", { key: brand.key, body: { name: "x", conditionGroups: [] } }),
      400,
      "validation-failed",
    );
    expect(empty.errors).toEqual([expect.objectContaining({ field: "conditionGroups", code: "too_small" })]);
    await expectProblem(
      await api("/api/segments", { key: brand.key, body: { name: "n".repeat(257), conditionGroups: vipGroups("a") } }),
      400,
      "validation-failed",
    );
    const longest = await createSegment({ name: "n".repeat(256), conditionGroups: vipGroups("a") });
    expect(longest.name).toHaveLength(256);
  });

  it("an event from more than one origin needs its origin, and the error lists them", async () => {
    const name = `signup-${unique()}`;
    for (const origin of ["shopify", "api"]) {
      const sent = await api("/api/events", {
        key: brand.key,
        body: { eventName: name, origin, contact: { email: `o-${unique()}@example.com` } },
      });
      expect(sent.status).toBe(202);
    }
    await until(
      () => db.eventIdentity.count({ where: { brandId: brand.brandId, eventName: name } }),
      (n) => n === 2,
    );
    const filter = { name, operator: "has", count: "atLeast", value: 1 };
    const body = await expectProblem(
      await api("/api/segments", {
        key: brand.key,
        body: { name: "Either origin", conditionGroups: [{ conditions: [{ entity: "event", filters: [filter] }] }] },
      }),
      400,
      "validation-failed",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({
        pointer: "/conditionGroups/0/conditions/0/filters/0/origin",
        code: "required",
        message: expect.stringContaining("api, shopify"),
      }),
    ]);
    const chosen = await createSegment({
      conditionGroups: [{ conditions: [{ entity: "event", filters: [{ ...filter, origin: "shopify" }] }] }],
    });
    expect((await json(await api(`/api/segments/${chosen.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(1);
  });

  it("lists with paging, sort by name or creation, and bad parameters refused", async () => {
    const lister = await createTestBrand();
    const names = ["Charlie", "alpha", "Bravo"];
    const ids = [];
    for (const name of names) ids.push((await createSegment({ name, conditionGroups: vipGroups("x") }, lister.key)).segmentID);
    const first = await json(await api("/api/segments?limit=2", { key: lister.key }));
    expect(first.segments.map((s: { segmentID: string }) => s.segmentID)).toEqual([ids[2], ids[1]]);
    expect(first.segments[0]).toEqual(
      expect.objectContaining({
        segmentID: ids[2],
        name: "Bravo",
        status: "ready",
        isStarred: false,
        archivedAt: null,
        conditionGroups: vipGroups("x"),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      }),
    );
    expect(first.paging).toMatchObject({ limit: 2, hasMore: true });
    const second = await json(await api(`/api/segments?limit=2&after=${first.paging.cursors.after}`, { key: lister.key }));
    expect(second.segments.map((s: { segmentID: string }) => s.segmentID)).toEqual([ids[0]]);
    const byName = await json(await api("/api/segments?sort=name&direction=asc", { key: lister.key }));
    expect(byName.segments.map((s: { name: string }) => s.name)).toEqual(["Bravo", "Charlie", "alpha"]);
    expect((await json(await api("/api/segments", { key: lister.key }))).paging.limit).toBe(10);
    const bad = await expectProblem(await api("/api/segments?limit=51&sort=size", { key: lister.key }), 400, "validation-failed");
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["limit", "sort"]);
  });
});

describe("membership", () => {
  it("counts, filters the contact list and lists segment ids on the contact", async () => {
    const tag = `vip-${unique()}`;
    const vipSub = await createContact({
      identifiers: [{ type: "email", id: `a-${unique()}@example.com`, channels: { email: { status: "subscribed" } } }],
      tags: [tag],
      customProperties: { visits: 12 },
    });
    const vipUnsub = await createContact({
      identifiers: [{ type: "email", id: `b-${unique()}@example.com`, channels: { email: { status: "unsubscribed" } } }],
      tags: [tag],
      customProperties: { visits: 20 },
    });
    await createContact({ tags: ["nope"], customProperties: { visits: 50 } });
    const segment = await createSegment({
      conditionGroups: [
        {
          conditions: [
            {
              entity: "contact",
              junction: "and",
              filters: [
                { property: "tags", operator: "anyOf", value: [tag] },
                { property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" },
                { property: "custom", name: "visits", valueType: "number", operator: "moreThanOrEquals", value: 10 },
              ],
            },
          ],
        },
      ],
    });
    const stats = await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }));
    expect(stats).toEqual({ segmentID: segment.segmentID, contactsCount: 1 });
    const list = await json(await api(`/api/contacts?segmentID=${segment.segmentID}`, { key: brand.key }));
    expect(list.contacts.map((c: { id: string }) => c.id)).toEqual([vipSub.id]);
    expect((await json(await api(`/api/contacts/${vipSub.id}`, { key: brand.key }))).segments).toContain(segment.segmentID);
    expect((await json(await api(`/api/contacts/${vipUnsub.id}`, { key: brand.key }))).segments).not.toContain(segment.segmentID);

    // OR-ing a second group brings the unsubscribed VIP in.
    const put = await api(`/api/segments/${segment.segmentID}`, {
      key: brand.key,
      method: "PUT",
      body: {
        name: "Either",
        conditionGroups: [
          ...segment.conditionGroups,
          { conditions: [{ entity: "contact", filters: [{ property: "firstName", operator: "equals", value: ["Zed"] }] }] },
        ],
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    await api(`/api/contacts/${vipUnsub.id}`, { key: brand.key, method: "PATCH", body: { firstName: "Zed" } });
    expect((await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(2);
  });

  it("event filters: at least N times in a period, exactly N, has not, with property sub-filters", async () => {
    const name = `order-${unique()}`;
    const frequent = await createContact({});
    const old = await createContact({});
    const never = await createContact({});
    await addEvents(brand.brandId, frequent.id, name, [1, 2, 3], { value: 80, lineItems: [{ productID: "book" }] });
    await addEvents(brand.brandId, old.id, name, [40, 41, 42], { value: 20, lineItems: [{ productID: "pen" }] });
    const has = (extra: Record<string, unknown>) => [
      { conditions: [{ entity: "event", filters: [{ name, operator: "has", count: "atLeast", value: 3, ...extra }] }] },
    ];
    const ids = async (segmentID: string) =>
      (await json(await api(`/api/contacts?segmentID=${segmentID}&limit=250`, { key: brand.key }))).contacts.map(
        (c: { id: string }) => c.id,
      );
    const recent = await createSegment({ conditionGroups: has({ period: { operator: "inTheLast", unit: "days", value: 30 } }) });
    expect(await ids(recent.segmentID)).toEqual([frequent.id]);
    const ever = await createSegment({ conditionGroups: has({}) });
    expect((await ids(ever.segmentID)).sort()).toEqual([frequent.id, old.id].sort());
    const books = await createSegment({
      conditionGroups: has({
        filters: [
          { property: "lineItems.[].productID", operator: "equals", value: ["book"], valueType: "text" },
          { property: "value", operator: "moreThan", value: 50 },
        ],
      }),
    });
    expect(await ids(books.segmentID)).toEqual([frequent.id]);
    const hasNot = await createSegment({
      conditionGroups: [
        {
          conditions: [
            { entity: "event", filters: [{ name, operator: "hasNot", count: "atLeast", value: 1 }] },
            { entity: "contact", filters: [{ property: "dateAdded", operator: "inTheLast", unit: "days", value: 1 }] },
          ],
        },
      ],
    });
    expect(await ids(hasNot.segmentID)).toContain(never.id);
    expect(await ids(hasNot.segmentID)).not.toContain(frequent.id);
    expect((await json(await api(`/api/segments/${recent.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(1);
  });

  it("tenancy: another brand's key never sees a segment or its members", async () => {
    const tag = `t-${unique()}`;
    await createContact({ tags: [tag] });
    const segment = await createSegment({ conditionGroups: vipGroups(tag) });
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${segment.segmentID}/statistics`, { key: other.key }), 404, "not-found");
    await expectProblem(
      await api(`/api/segments/${segment.segmentID}`, {
        key: other.key,
        method: "PUT",
        body: { name: "x", conditionGroups: vipGroups("a") },
      }),
      404,
      "not-found",
    );
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: other.key, method: "DELETE" }), 404, "not-found");
    await expectProblem(await api(`/api/contacts?segmentID=${segment.segmentID}`, { key: other.key }), 404, "not-found");
    expect(
      (await json(await api("/api/segments?limit=50", { key: other.key }))).segments.map((s: { segmentID: string }) => s.segmentID),
    ).not.toContain(segment.segmentID);
    // The other brand's own segment with the same condition counts only its own contacts.
    const theirs = await createSegment({ conditionGroups: vipGroups(tag) }, other.key);
    expect((await json(await api(`/api/segments/${theirs.segmentID}/statistics`, { key: other.key }))).contactsCount).toBe(0);
    expect((await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(1);
  });
});
