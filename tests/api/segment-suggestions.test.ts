// GET /api/segments/suggestions: the values the segment builder offers (tags, custom properties and their
// values, profile field values, received events, an event's property values), for the caller's brand only.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;

async function contact(key: string, fields: Record<string, unknown>) {
  const res = await api("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: `sg-${randomUUID().slice(0, 8)}@example.com` }], ...fields },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function events(key: string, bodies: { eventName: string; properties: Record<string, unknown> }[]) {
  const ids: string[] = [];
  for (const body of bodies) {
    const res = await api("/api/events", {
      key,
      body: { ...body, origin: "api", contact: { email: `sg-ev-${randomUUID().slice(0, 8)}@example.com` } },
    });
    expect(res.status, await res.clone().text()).toBe(202);
    ids.push((await json(res)).id);
  }
  await until(
    () => db.eventInbox.findMany({ where: { id: { in: ids } }, select: { status: true } }),
    (rows) => rows.length === ids.length && rows.every((r) => r.status === "done"),
  );
}

const suggestions = (key: string, query = "") => api(`/api/segments/suggestions${query}`, { key });

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
  await Promise.all([
    contact(brand.key, { tags: ["vip", "new"], city: "Paris", customProperties: { plan: "gold", score: 5 } }),
    contact(brand.key, { tags: ["vip"], city: "Paris", customProperties: { plan: "gold", active: true } }),
    contact(brand.key, { city: "Lyon", customProperties: { plan: "silver" } }),
    contact(other.key, { tags: ["secret"], city: "Berlin", customProperties: { plan: "platinum", hidden: "x" } }),
  ]);
  await events(brand.key, [
    { eventName: "booked class", properties: { value: 20, seats: [{ seatID: "sku-1" }, { seatID: "sku-2" }] } },
    { eventName: "booked class", properties: { value: 35, seats: [{ seatID: "sku-1" }] } },
    { eventName: "signed up for class", properties: { room: "A" } },
  ]);
  await events(other.key, [
    { eventName: "booked class", properties: { value: 99, seats: [{ seatID: "other-sku" }] } },
    { eventName: "secret event", properties: {} },
  ]);
});

describe("GET /api/segments/suggestions", () => {
  it("offers the brand's tags, custom properties with their values, profile values and received events", async () => {
    const res = await suggestions(brand.key);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(["customProperties", "events", "profileValues", "tags"]);
    // Most used first.
    expect(body.tags).toEqual(["vip", "new"]);
    expect(body.customProperties).toEqual([
      { name: "active", valueType: "bool", values: [] },
      { name: "plan", valueType: "text", values: ["gold", "silver"] },
      { name: "score", valueType: "number", values: [] },
    ]);
    expect(body.profileValues.city).toEqual(["Paris", "Lyon"]);
    expect(body.profileValues.firstName).toEqual([]);
    expect(body.events.map((e: { name: string }) => e.name).sort()).toEqual(["booked class", "signed up for class"]);
    expect(body.events.find((e: { name: string }) => e.name === "booked class")).toEqual({
      name: "booked class",
      count: 2,
      lastReceivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("with an event name, adds the values of its properties by path (list items as [])", async () => {
    const body = await json(await suggestions(brand.key, `?event=${encodeURIComponent("booked class")}`));
    expect(body.eventProperties).toEqual([
      { path: "seats.[].seatID", values: ["sku-1", "sku-2"] },
      { path: "value", values: ["20", "35"] },
    ]);
    // An event the brand never received: no properties, not an error.
    expect((await json(await suggestions(brand.key, "?event=secret%20event"))).eventProperties).toEqual([]);
  });

  it("shows nothing of another brand", async () => {
    const mine = await json(await suggestions(other.key, `?event=${encodeURIComponent("booked class")}`));
    expect(mine.tags).toEqual(["secret"]);
    expect(mine.customProperties.map((p: { name: string }) => p.name)).toEqual(["hidden", "plan"]);
    expect(mine.customProperties.find((p: { name: string }) => p.name === "plan").values).toEqual(["platinum"]);
    expect(mine.profileValues.city).toEqual(["Berlin"]);
    expect(mine.events.map((e: { name: string }) => e.name).sort()).toEqual(["booked class", "secret event"]);
    expect(mine.events.find((e: { name: string }) => e.name === "booked class").count).toBe(1);
    expect(mine.eventProperties).toEqual([
      { path: "seats.[].seatID", values: ["other-sku"] },
      { path: "value", values: ["99"] },
    ]);
  });

  it("bad query parameters get a field error each; no credentials get a 401; only GET", async () => {
    const empty = await expectProblem(await suggestions(brand.key, "?event="), 400, "validation-failed");
    expect(empty.errors).toEqual([expect.objectContaining({ field: "event", code: expect.any(String), message: expect.any(String) })]);
    const long = await expectProblem(await suggestions(brand.key, `?event=${"x".repeat(201)}&color=red`), 400, "validation-failed");
    expect(long.errors.map((e: { field: string }) => e.field).sort()).toEqual(["color", "event"]);
    await expectProblem(await api("/api/segments/suggestions"), 401, "unauthorized");
    await expectProblem(await api("/api/segments/suggestions", { key: brand.key, method: "POST", body: {} }), 405, "method-not-allowed");
  });
});
