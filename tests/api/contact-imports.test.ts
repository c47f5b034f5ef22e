// POST /api/contacts/imports: one batch of a CSV import. Valid rows are upserted (matched by email, else
// phone), every invalid row is rejected with all its reasons, in the caller's brand only.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;
const email = () => `imp-${randomUUID().slice(0, 8)}@example.com`;
const importBatch = (rows: unknown, key = brand.key) => api("/api/contacts/imports", { key, body: { rows } });
const byEmail = async (key: string, address: string) => {
  const res = await api(`/api/contacts?email=${encodeURIComponent(address)}`, { key });
  return (await json(res)).contacts as { id: string; firstName?: string; tags?: string[] }[];
};

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

describe("POST /api/contacts/imports", () => {
  it("creates and updates the valid rows and rejects each invalid row with every reason", async () => {
    const existing = email();
    expect(
      (await api("/api/contacts", { key: brand.key, body: { identifiers: [{ type: "email", id: existing }], firstName: "Ava" } })).status,
    ).toBe(201);
    const fresh = email();
    const res = await importBatch([
      { row: 2, contact: { identifiers: [{ type: "email", id: fresh }], firstName: "Bea", tags: ["imported"] } },
      { row: 3, contact: { identifiers: [{ type: "email", id: existing }], lastName: "Smith" } },
      { row: 4, contact: { identifiers: [{ type: "email", id: "not-an-email" }], gender: "x" } },
      { row: 5, contact: "a string, not a contact" },
    ]);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      created: 1,
      updated: 1,
      rejected: [
        {
          row: 4,
          errors: expect.arrayContaining([
            expect.objectContaining({ pointer: "/identifiers/0/id" }),
            expect.objectContaining({ pointer: "/gender" }),
          ]),
        },
        { row: 5, errors: [expect.objectContaining({ field: expect.any(String), code: expect.any(String), message: expect.any(String) })] },
      ],
    });
    expect(body.rejected[0].errors).toHaveLength(2);
    expect(await byEmail(brand.key, fresh)).toEqual([expect.objectContaining({ firstName: "Bea", tags: ["imported"] })]);
    expect(await byEmail(brand.key, existing)).toEqual([expect.objectContaining({ firstName: "Ava", lastName: "Smith" })]);
  });

  it("rejects a row whose email and phone belong to two different contacts", async () => {
    const [a, b] = [email(), email()];
    const phone = `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    expect((await api("/api/contacts", { key: brand.key, body: { identifiers: [{ type: "email", id: a }] } })).status).toBe(201);
    expect(
      (
        await api("/api/contacts", {
          key: brand.key,
          body: {
            identifiers: [
              { type: "email", id: b },
              { type: "phone", id: phone },
            ],
          },
        })
      ).status,
    ).toBe(201);
    const body = await json(
      await importBatch([
        {
          row: 7,
          contact: {
            identifiers: [
              { type: "email", id: a },
              { type: "phone", id: phone },
            ],
          },
        },
      ]),
    );
    expect(body).toEqual({
      created: 0,
      updated: 0,
      rejected: [{ row: 7, errors: [expect.objectContaining({ code: "identifier_taken", pointer: "/identifiers/1/id" })] }],
    });
  });

  it("writes to the caller's brand only: the same email in another brand is a new contact there", async () => {
    const shared = email();
    expect(
      (await api("/api/contacts", { key: brand.key, body: { identifiers: [{ type: "email", id: shared }], firstName: "Mine" } })).status,
    ).toBe(201);
    const body = await json(
      await importBatch([{ row: 2, contact: { identifiers: [{ type: "email", id: shared }], firstName: "Theirs" } }], other.key),
    );
    expect(body).toEqual({ created: 1, updated: 0, rejected: [] });
    expect(await byEmail(brand.key, shared)).toEqual([expect.objectContaining({ firstName: "Mine" })]);
    expect(await byEmail(other.key, shared)).toEqual([expect.objectContaining({ firstName: "Theirs" })]);
  });

  it("a malformed batch gets a field error for each problem; no credentials get a 401", async () => {
    const empty = await expectProblem(await importBatch([]), 400, "validation-failed");
    expect(empty.errors).toEqual([expect.objectContaining({ field: "rows", pointer: "/rows" })]);
    const bad = await expectProblem(
      await api("/api/contacts/imports", { key: brand.key, body: { rows: [{ row: 0, contact: {} }, { contact: {} }], extra: 1 } }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/extra", "/rows/0/row", "/rows/1/row"]);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ row: i + 2, contact: {} }));
    await expectProblem(await importBatch(tooMany), 400, "validation-failed");
    await expectProblem(await api("/api/contacts/imports", { body: { rows: [] } }), 401, "unauthorized");
    await expectProblem(await api("/api/contacts/imports", { key: brand.key }), 405, "method-not-allowed");
  });
});
