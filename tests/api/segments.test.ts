// Segments over HTTP: CRUD, validation, listing, statistics, membership on the contact record, the
// contacts list's segmentID filter, event conditions (ContactEvent rows inserted directly) and tenancy.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

const unique = () => randomBytes(5).toString("hex");
const vipGroups = (tag: string) => [{ conditions: [{ type: "tag", operator: "has", value: tag }] }];

async function createSegment(body: Record<string, unknown>, key = brand.key) {
  const res = await api("/api/segments", { key, body: { name: `Segment ${unique()}`, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

async function createContact(body: Record<string, unknown>, key = brand.key) {
  const res = await api("/api/contacts", { key, body: { identifiers: [{ type: "email", id: `p-${unique()}@example.com` }], ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

async function addEvents(brandId: string, contactId: string, eventName: string, daysAgo: number[]) {
  const now = Date.now();
  await db.contactEvent.createMany({
    data: daysAgo.map((d) => ({
      id: newId(), brandId, contactId, eventName, origin: "web", eventTime: new Date(now - d * 86_400_000), receivedAt: new Date(), properties: {},
    })),
  });
}

describe("segment CRUD", () => {
  it("creates, reads, replaces and deletes", async () => {
    const created = await createSegment({ name: "VIPs", conditionGroups: vipGroups("vip") });
    expect(created).toMatchObject({ segmentID: expect.stringMatching(/^[0-9a-f]{24}$/), name: "VIPs", status: "ready", conditionGroups: [{ conditions: [{ type: "tag", operator: "has", value: "vip" }] }] });
    const got = await json(await api(`/api/segments/${created.segmentID}`, { key: brand.key }));
    expect(got).toEqual(created);
    const replaced = await api(`/api/segments/${created.segmentID}`, { key: brand.key, method: "PUT", body: { name: "Renamed", conditionGroups: vipGroups("gold") } });
    expect(replaced.status).toBe(200);
    expect(await json(replaced)).toMatchObject({ segmentID: created.segmentID, name: "Renamed", conditionGroups: vipGroups("gold") });
    expect((await api(`/api/segments/${created.segmentID}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/segments/${created.segmentID}`, { key: brand.key }), 404, "not-found");
  });

  it("404 for unknown ids on every verb, 400 for malformed ids", async () => {
    await expectProblem(await api(`/api/segments/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${MISSING_ID}`, { key: brand.key, method: "PUT", body: { name: "x", conditionGroups: vipGroups("a") } }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${MISSING_ID}`, { key: brand.key, method: "DELETE" }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${MISSING_ID}/statistics`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/xyz`, { key: brand.key }), 400, "invalid-id");
  });

  it("validates name and conditions, reporting every error", async () => {
    const res = await api("/api/segments", { key: brand.key, body: { name: "", conditionGroups: [
      { conditions: [{ type: "customProperty", key: "visits", operator: "gt", value: "many" }, { type: "tag", operator: "has" }] },
      { conditions: [] },
      { conditions: [{ type: "teleport" }, { type: "event", eventName: "order", operator: "did", atLeast: 0 }] },
    ] } });
    const body = await expectProblem(res, 400, "validation-failed");
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/conditionGroups/0/conditions/0/value",
      "/conditionGroups/0/conditions/1/value",
      "/conditionGroups/1/conditions",
      "/conditionGroups/2/conditions/0/type",
      "/conditionGroups/2/conditions/1/atLeast",
      "/name",
    ]);
    const empty = await expectProblem(await api("/api/segments", { key: brand.key, body: { name: "x", conditionGroups: [] } }), 400, "validation-failed");
    expect(empty.errors).toEqual([expect.objectContaining({ field: "conditionGroups", code: "too_small" })]);
  });

  it("lists with paging, sort by name or creation, and bad parameters refused", async () => {
    const lister = await createTestBrand();
    const names = ["Charlie", "alpha", "Bravo"];
    const ids = [];
    for (const name of names) ids.push((await createSegment({ name, conditionGroups: vipGroups("x") }, lister.key)).segmentID);
    const first = await json(await api("/api/segments?limit=2", { key: lister.key }));
    expect(first.segments.map((s: { segmentID: string }) => s.segmentID)).toEqual([ids[2], ids[1]]);
    expect(first.segments[0]).toEqual(expect.objectContaining({ segmentID: ids[2], name: "Bravo", status: "ready", conditionGroups: vipGroups("x"), createdAt: expect.any(String), updatedAt: expect.any(String) }));
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
    const vipSub = await createContact({ identifiers: [{ type: "email", id: `a-${unique()}@example.com`, channels: { email: { status: "subscribed" } } }], tags: [tag], customProperties: { visits: 12 } });
    const vipUnsub = await createContact({ identifiers: [{ type: "email", id: `b-${unique()}@example.com`, channels: { email: { status: "unsubscribed" } } }], tags: [tag], customProperties: { visits: 20 } });
    await createContact({ tags: ["nope"], customProperties: { visits: 50 } });
    const segment = await createSegment({ conditionGroups: [{ conditions: [
      { type: "tag", operator: "has", value: tag },
      { type: "status", channel: "email", operator: "is", value: "subscribed" },
      { type: "customProperty", key: "visits", operator: "gte", value: 10 },
    ] }] });
    const stats = await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }));
    expect(stats).toEqual({ segmentID: segment.segmentID, contactsCount: 1 });
    const list = await json(await api(`/api/contacts?segmentID=${segment.segmentID}`, { key: brand.key }));
    expect(list.contacts.map((c: { id: string }) => c.id)).toEqual([vipSub.id]);
    expect((await json(await api(`/api/contacts/${vipSub.id}`, { key: brand.key }))).segments).toContain(segment.segmentID);
    expect((await json(await api(`/api/contacts/${vipUnsub.id}`, { key: brand.key }))).segments).not.toContain(segment.segmentID);

    // OR-ing a second group brings the unsubscribed VIP in.
    await api(`/api/segments/${segment.segmentID}`, { key: brand.key, method: "PUT", body: { name: "Either", conditionGroups: [
      ...segment.conditionGroups, { conditions: [{ type: "profile", field: "firstName", operator: "equals", value: "Zed" }] },
    ] } });
    await api(`/api/contacts/${vipUnsub.id}`, { key: brand.key, method: "PATCH", body: { firstName: "Zed" } });
    expect((await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(2);
  });

  it("event conditions: did at least N times within D days, and did not", async () => {
    const name = `order-${unique()}`;
    const frequent = await createContact({});
    const old = await createContact({});
    const never = await createContact({});
    await addEvents(brand.brandId, frequent.id, name, [1, 2, 3]);
    await addEvents(brand.brandId, old.id, name, [40, 41, 42]);
    const recent = await createSegment({ conditionGroups: [{ conditions: [{ type: "event", eventName: name, operator: "did", atLeast: 3, withinLastDays: 30 }] }] });
    const ids = async (segmentID: string) =>
      (await json(await api(`/api/contacts?segmentID=${segmentID}&limit=250`, { key: brand.key }))).contacts.map((c: { id: string }) => c.id);
    expect(await ids(recent.segmentID)).toEqual([frequent.id]);
    const ever = await createSegment({ conditionGroups: [{ conditions: [{ type: "event", eventName: name, operator: "did", atLeast: 3 }] }] });
    expect((await ids(ever.segmentID)).sort()).toEqual([frequent.id, old.id].sort());
    const didNot = await createSegment({ conditionGroups: [{ conditions: [
      { type: "event", eventName: name, operator: "didNot" },
      { type: "date", field: "createdAt", operator: "withinLastDays", value: 1 },
    ] }] });
    expect(await ids(didNot.segmentID)).toContain(never.id);
    expect(await ids(didNot.segmentID)).not.toContain(frequent.id);
    expect((await json(await api(`/api/segments/${recent.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(1);
  });

  it("tenancy: another brand's key never sees a segment or its members", async () => {
    const tag = `t-${unique()}`;
    await createContact({ tags: [tag] });
    const segment = await createSegment({ conditionGroups: vipGroups(tag) });
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${segment.segmentID}/statistics`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: other.key, method: "PUT", body: { name: "x", conditionGroups: vipGroups("a") } }), 404, "not-found");
    await expectProblem(await api(`/api/segments/${segment.segmentID}`, { key: other.key, method: "DELETE" }), 404, "not-found");
    await expectProblem(await api(`/api/contacts?segmentID=${segment.segmentID}`, { key: other.key }), 404, "not-found");
    expect((await json(await api("/api/segments?limit=50", { key: other.key }))).segments.map((s: { segmentID: string }) => s.segmentID)).not.toContain(segment.segmentID);
    // The other brand's own segment with the same condition counts only its own contacts.
    const theirs = await createSegment({ conditionGroups: vipGroups(tag) }, other.key);
    expect((await json(await api(`/api/segments/${theirs.segmentID}/statistics`, { key: other.key }))).contactsCount).toBe(0);
    expect((await json(await api(`/api/segments/${segment.segmentID}/statistics`, { key: brand.key }))).contactsCount).toBe(1);
  });
});
