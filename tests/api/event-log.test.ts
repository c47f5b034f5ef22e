// GET /api/event-log and GET /api/event-log/{id}: the Events page's stream of accepted events (newest
// first, filters by name, contact, time and `since`) and one event with its processing result and contact.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;
const ava = `log-ava-${randomUUID().slice(0, 8)}@example.com`;
const ids: Record<string, string> = {};

async function send(key: string, eventName: string, email: string, properties: Record<string, unknown> = {}) {
  const res = await api("/api/events", { key, body: { eventName, origin: "api", contact: { email }, properties } });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await json(res)).id as string;
}

const log = (query = "", key = brand.key) => api(`/api/event-log${query}`, { key });

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
  ids.first = await send(brand.key, "viewed a film", ava, { productID: "sku-1" });
  ids.second = await send(brand.key, "placed a bet", `log-bob-${randomUUID().slice(0, 8)}@example.com`, { value: 12 });
  ids.third = await send(brand.key, "Placed a second bet", ava);
  ids.foreign = await send(other.key, "placed a bet", ava);
  const all = Object.values(ids);
  await until(
    () => db.eventInbox.findMany({ where: { id: { in: all } }, select: { status: true } }),
    (rows) => rows.length === all.length && rows.every((r) => r.status === "done"),
  );
});

describe("GET /api/event-log", () => {
  it("lists the brand's events newest first, with state, outcome and contact", async () => {
    const res = await log();
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.events.map((e: { id: string }) => e.id)).toEqual([ids.third, ids.second, ids.first]);
    const [third] = body.events;
    expect(third).toEqual({
      id: ids.third,
      eventName: "Placed a second bet",
      eventVersion: null,
      origin: "api",
      eventTime: expect.stringMatching(/Z$/),
      receivedAt: expect.stringMatching(/Z$/),
      status: "done",
      outcome: "processed",
      contactID: expect.stringMatching(/^[0-9a-f]{24}$/),
      contactLabel: ava,
    });
  });

  it("filters by name prefix (any case), by contact email or id, by time, and by `since`", async () => {
    const names = async (query: string) => (await json(await log(query))).events.map((e: { id: string }) => e.id);
    expect(await names("?name=PLACED")).toEqual([ids.third, ids.second]);
    expect(await names(`?contact=${encodeURIComponent(ava.toUpperCase())}`)).toEqual([ids.third, ids.first]);
    const contactID = (await json(await log())).events[0].contactID;
    expect(await names(`?contact=${contactID}`)).toEqual([ids.third, ids.first]);
    expect(await names(`?contact=${encodeURIComponent("nobody@example.com")}`)).toEqual([]);
    expect(await names(`?since=${ids.first}`)).toEqual([ids.third, ids.second]);
    expect(await names("?limit=1")).toEqual([ids.third]);
    expect(await names(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await names(`?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&name=viewed`)).toEqual([ids.first]);
  });

  it("shows nothing of another brand, even filtered by the same contact email", async () => {
    const theirs = await json(await log(`?contact=${encodeURIComponent(ava)}`, other.key));
    expect(theirs.events.map((e: { id: string }) => e.id)).toEqual([ids.foreign]);
    await expectProblem(await api(`/api/event-log/${ids.foreign}`, { key: brand.key }), 404, "not-found");
  });

  it("bad query parameters get a field error each; no credentials get a 401", async () => {
    const body = await expectProblem(await log("?limit=0&from=yesterday&since=nope&colour=red"), 400, "validation-failed");
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["colour", "from", "limit", "since"]);
    for (const e of body.errors)
      expect(e).toEqual(expect.objectContaining({ pointer: expect.any(String), code: expect.any(String), message: expect.any(String) }));
    await expectProblem(await log("?limit=201"), 400, "validation-failed");
    await expectProblem(await api("/api/event-log"), 401, "unauthorized");
  });
});

describe("GET /api/event-log/{id}", () => {
  it("gives the event as accepted, its processing result and its contact", async () => {
    const res = await api(`/api/event-log/${ids.first}`, { key: brand.key });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      id: ids.first,
      eventName: "viewed a film",
      status: "done",
      outcome: "processed",
      attempts: expect.any(Number),
      error: null,
      processedAt: expect.stringMatching(/Z$/),
      contact: { id: body.contactID, name: null, email: ava },
    });
    expect(body.event).toMatchObject({ contact: { email: ava }, properties: { productID: "sku-1" } });
  });

  it("404 for an id of no event, 400 with the field for a malformed id", async () => {
    await expectProblem(await api(`/api/event-log/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    const bad = await expectProblem(await api("/api/event-log/not-an-id", { key: brand.key }), 400, "invalid-id");
    expect(bad.errors).toEqual([expect.objectContaining({ field: "id", in: "path" })]);
  });
});
