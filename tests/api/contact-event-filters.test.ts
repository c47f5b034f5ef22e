// The profile's activity filters over HTTP: GET /api/contacts/{id}/events by name(s) and eventTime range
// (paging walks only matching events), and GET /api/contacts/{id}/event-names with counts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;
let contactId = "";
const address = `filters-${randomUUID().slice(0, 8)}@example.com`;
const HOUR = 3_600_000;
const base = Date.now() - 10 * 24 * HOUR;
const at = (hours: number) => new Date(base + hours * HOUR).toISOString();

beforeAll(async () => {
  brand = await createTestBrand();
  other = await createTestBrand();
  const sent: { name: string; hours: number; version?: string; properties: Record<string, unknown> }[] = [
    { name: "viewed product", version: "v1", hours: 0, properties: { productID: "sku-1" } },
    { name: "viewed product", version: "v1", hours: 24, properties: { productID: "sku-2" } },
    { name: "viewed product", version: "v1", hours: 48, properties: { productID: "sku-3" } },
    {
      name: "placed order",
      version: "v1",
      hours: 72,
      properties: { orderID: "o-1", value: 10, lineItems: [{ productID: "sku-1", productQuantity: 1 }] },
    },
    { name: "quiz, completed", hours: 96, properties: { score: 3 } },
  ];
  const ids: string[] = [];
  for (const e of sent) {
    const res = await api("/api/events", {
      key: brand.key,
      body: {
        eventName: e.name,
        eventVersion: e.version,
        origin: "api",
        eventID: randomUUID(),
        eventTime: at(e.hours),
        contact: { email: address },
        properties: e.properties,
      },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(202);
    ids.push(body.id);
  }
  await until(
    () => db.eventInbox.findMany({ where: { id: { in: ids } }, select: { status: true } }),
    (rows) => rows.length === ids.length && rows.every((r) => r.status === "done"),
  );
  contactId = (await json(await api(`/api/contacts?email=${encodeURIComponent(address)}`, { key: brand.key }))).contacts[0].id;
});

const names = (page: { events: { eventName: string; properties: Record<string, unknown> }[] }) =>
  page.events.map((e) => `${e.eventName}:${String(e.properties.productID ?? e.properties.orderID ?? e.properties.score)}`);

describe("GET /api/contacts/{id}/events filters", () => {
  it("keeps only the named events, several names by repeating the parameter (a name may hold a comma)", async () => {
    const one = await json(await api(`/api/contacts/${contactId}/events?eventName=viewed%20product`, { key: brand.key }));
    expect(names(one)).toEqual(["viewed product:sku-3", "viewed product:sku-2", "viewed product:sku-1"]);
    const two = await json(
      await api(`/api/contacts/${contactId}/events?eventName=placed%20order&eventName=${encodeURIComponent("quiz, completed")}`, {
        key: brand.key,
      }),
    );
    expect(names(two)).toEqual(["quiz, completed:3", "placed order:o-1"]);
    const none = await json(await api(`/api/contacts/${contactId}/events?eventName=Viewed%20product`, { key: brand.key }));
    expect(none.events).toEqual([]);
  });

  it("keeps an eventTime range (both ends included) and pages only within the filter", async () => {
    const range = await json(
      await api(`/api/contacts/${contactId}/events?from=${encodeURIComponent(at(24))}&to=${encodeURIComponent(at(72))}`, {
        key: brand.key,
      }),
    );
    expect(names(range)).toEqual(["placed order:o-1", "viewed product:sku-3", "viewed product:sku-2"]);

    const seen: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await json(
        await api(
          `/api/contacts/${contactId}/events?limit=1&eventName=viewed%20product&from=${encodeURIComponent(at(1))}${after ? `&after=${after}` : ""}`,
          { key: brand.key },
        ),
      );
      seen.push(...names(page));
      expect(page.events.length).toBe(1);
      if (!page.paging.hasMore) break;
      after = page.paging.cursors.after;
    }
    expect(seen).toEqual(["viewed product:sku-3", "viewed product:sku-2"]);
  });

  it("refuses a range that ends before it starts and a time that is not RFC 3339, each error on its field", async () => {
    const reversed = await expectProblem(
      await api(`/api/contacts/${contactId}/events?from=${encodeURIComponent(at(48))}&to=${encodeURIComponent(at(0))}`, { key: brand.key }),
      400,
      "validation-failed",
    );
    expect(reversed.errors).toEqual([expect.objectContaining({ field: "to", code: "invalid_range" })]);
    const bad = await expectProblem(
      await api(`/api/contacts/${contactId}/events?from=yesterday&to=2026-01-01`, { key: brand.key }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["from", "to"]);
  });
});

describe("GET /api/contacts/{id}/event-names", () => {
  it("lists the contact's event names, most frequent first, with counts and the latest time", async () => {
    const body = await json(await api(`/api/contacts/${contactId}/event-names`, { key: brand.key }));
    expect(body.names).toEqual([
      { eventName: "viewed product", count: 3, lastEventTime: at(48) },
      { eventName: "placed order", count: 1, lastEventTime: at(72) },
      { eventName: "quiz, completed", count: 1, lastEventTime: at(96) },
    ]);
  });

  it("is 404 for another brand's contact or a missing one", async () => {
    await expectProblem(await api(`/api/contacts/${contactId}/event-names`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/contacts/${MISSING_ID}/event-names`, { key: brand.key }), 404, "not-found");
  });
});
