// Shared steps of the template API tests.
import { expect } from "vitest";
import { api, expectProblem, json, type TestBrand } from "./helpers";

export async function createOk(brand: TestBrand, doc: unknown): Promise<any> {
  const res = await api("/api/email-templates", { key: brand.key, body: doc });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Posts `doc` and asserts a 400 validation problem holding exactly the expected errors (pointer, code, field). */
export async function rejects(brand: TestBrand, doc: unknown, expected: { pointer: string; code: string; field?: string }[]): Promise<any> {
  const body = await expectProblem(await api("/api/email-templates", { key: brand.key, body: doc }), 400, "validation-failed");
  const got = body.errors.map((e: any) => ({ pointer: e.pointer, code: e.code }));
  expect(got, JSON.stringify(body.errors)).toEqual(expect.arrayContaining(expected.map(({ pointer, code }) => ({ pointer, code }))));
  expect(body.errors).toHaveLength(expected.length);
  for (const e of expected) {
    if (e.field) expect(body.errors.find((x: any) => x.pointer === e.pointer).field).toBe(e.field);
  }
  return body;
}
