// POST /api/segments/preview: the live count of an unsaved definition (the segment builder's count).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;
const tag = `t${randomBytes(4).toString("hex")}`;

async function contact(key: string, tags: string[]) {
  const res = await api("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: `pv-${randomBytes(5).toString("hex")}@example.com` }], tags },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id as string;
}

async function event(brandId: string, contactId: string, eventName: string) {
  await db.contactEvent.create({
    data: { id: newId(), brandId, contactId, eventName, origin: "api", eventTime: new Date(), receivedAt: new Date(), properties: {} },
  });
}

const preview = (conditionGroups: unknown, key = brand.key) => api("/api/segments/preview", { key, body: { conditionGroups } });
const tagCondition = { entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] };
const viewed = { name: "viewed product", operator: "has", count: "atLeast", value: 1 };
const eventCondition = { entity: "event", filters: [viewed] };

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
  // brand: a (tag + event), b (tag only), c (event only); other brand: d (tag + event), never counted.
  const [a, , c] = await Promise.all([contact(brand.key, [tag]), contact(brand.key, [tag]), contact(brand.key, [])]);
  await Promise.all([event(brand.brandId, a, "viewed product"), event(brand.brandId, c, "viewed product")]);
  const d = await contact(other.key, [tag]);
  await event(other.brandId, d, "viewed product");
});

describe("POST /api/segments/preview", () => {
  it("counts AND within a group and OR between groups, for this brand only", async () => {
    const and = await preview([{ conditions: [tagCondition, eventCondition] }]);
    expect(and.status).toBe(200);
    expect(await json(and)).toMatchObject({ contactsCount: 1 });
    // The builder's sample members: the matching contacts themselves, with a name and an email to show.
    expect((await json(await preview([{ conditions: [tagCondition] }]))).sample).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String), email: expect.any(String) })]),
    );
    expect(await json(await preview([{ conditions: [tagCondition] }, { conditions: [eventCondition] }]))).toMatchObject({
      contactsCount: 3,
    });
    expect(await json(await preview([{ conditions: [{ entity: "event", filters: [{ ...viewed, operator: "hasNot" }] }] }]))).toMatchObject({
      contactsCount: 1,
    });
    // One condition whose filters are joined by "or".
    expect(
      await json(
        await preview([
          {
            conditions: [
              { entity: "contact", junction: "or", filters: [tagCondition.filters[0], { property: "email", operator: "doesNotExist" }] },
            ],
          },
        ]),
      ),
    ).toMatchObject({ contactsCount: 2 });
  });

  it("agrees with the statistics of the same definition once saved, and saves nothing itself", async () => {
    const groups = [{ conditions: [tagCondition, eventCondition] }];
    const before = await json(await api("/api/segments?limit=50", { key: brand.key }));
    const { contactsCount } = await json(await preview(groups));
    const after = await json(await api("/api/segments?limit=50", { key: brand.key }));
    expect(after.segments).toHaveLength(before.segments.length);
    const saved = await json(await api("/api/segments", { key: brand.key, body: { name: "Preview check", conditionGroups: groups } }));
    const stats = await json(await api(`/api/segments/${saved.segmentID}/statistics`, { key: brand.key }));
    expect(stats.contactsCount).toBe(contactsCount);
  });

  it("400 with the pointer of each invalid condition field", async () => {
    const res = await preview([
      {
        conditions: [
          { entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: [] }] },
          { entity: "event", filters: [{ name: "x", operator: "has", count: "atLeast", value: -1 }] },
        ],
      },
    ]);
    const body = await expectProblem(res, 400, "validation-failed");
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/conditionGroups/0/conditions/0/filters/0/value",
      "/conditionGroups/0/conditions/1/filters/0/value",
    ]);
  });

  it("400 for a missing or empty definition and for unknown fields", async () => {
    const missing = await expectProblem(await api("/api/segments/preview", { key: brand.key, body: {} }), 400, "validation-failed");
    expect(missing.errors).toEqual([expect.objectContaining({ field: "conditionGroups", pointer: "/conditionGroups" })]);
    const empty = await expectProblem(await preview([]), 400, "validation-failed");
    expect(empty.errors[0].pointer).toBe("/conditionGroups");
    const extra = await expectProblem(
      await api("/api/segments/preview", { key: brand.key, body: { conditionGroups: [{ conditions: [tagCondition] }], name: "x" } }),
      400,
      "validation-failed",
    );
    expect(extra.errors[0].field).toBe("name");
  });

  it("401 without credentials, 405 for GET", async () => {
    await expectProblem(await preview([{ conditions: [tagCondition] }], ""), 401, "unauthorized");
    const get = await api("/api/segments/preview", { key: brand.key });
    expect(get.status).toBe(405);
  });
});
