// Helpers for API tests: real HTTP against the test server, data seeded through lib/ (the same code
// the server runs) into the server's own database.
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { createBrand } from "@/lib/brands/create-brand";
import { createApiKey } from "@/lib/brands/api-keys";
import { createUser } from "@/lib/accounts/users";
import type { Plan } from "@/lib/brands/plans";
import { signInAt } from "./setup/sign-in";

export const VERSION = "2026-03-15";
export const baseUrl = () => inject("baseUrl");

export type ApiOptions = {
  method?: string;
  /** JSON-encoded unless a string is given */
  body?: unknown;
  key?: string | null;
  bearer?: string;
  cookie?: string;
  headers?: Record<string, string>;
  version?: string | null;
};

export async function api(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.version !== null) headers["Service-Version"] = options.version ?? VERSION;
  if (options.key) headers.Authorization = `Service-API-Key ${options.key}`;
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  return fetch(baseUrl() + path, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers: { ...headers, ...options.headers },
    body,
    redirect: "manual",
  });
}

export async function json<T = any>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`expected JSON, got ${res.status}: ${text.slice(0, 300)}`);
  }
}

/** Asserts an RFC 9457 problem with the given status and type code; returns the body. */
export async function expectProblem(res: Response, status: number, code: string): Promise<any> {
  const body = await json(res);
  expect({ status: res.status, type: body.type }, JSON.stringify(body)).toEqual({
    status,
    type: expect.stringMatching(new RegExp(`/${code}$`)),
  });
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(body.status).toBe(status);
  expect(body.instance).toBe(`urn:request:${res.headers.get("x-request-id")}`);
  return body;
}

export type TestBrand = { brandId: string; key: string };

export async function createTestBrand(options: { plan?: Plan; name?: string } = {}): Promise<TestBrand> {
  const brand = await createBrand({
    name: options.name ?? `Test brand ${randomBytes(3).toString("hex")}`,
    plan: options.plan ?? "standard",
  });
  const { key } = await createApiKey(brand.id, "test key");
  return { brandId: brand.id, key };
}

export async function createTestUser(brandId: string): Promise<{ email: string; password: string; userId: string }> {
  const email = `user-${randomBytes(5).toString("hex")}@example.com`;
  const password = "Correct-horse-" + randomBytes(6).toString("hex");
  const { userId } = await createUser({ email, password, brandId });
  return { email, password, userId };
}

/** Signs in through the real Auth.js endpoints and returns the Cookie header of the session. */
export function signIn(email: string, password: string): Promise<string> {
  return signInAt(baseUrl(), email, password);
}

export async function createSession(brandId: string): Promise<{ cookie: string; userId: string; email: string }> {
  const user = await createTestUser(brandId);
  return { cookie: await signIn(user.email, user.password), userId: user.userId, email: user.email };
}

/** An id that is well-formed but names nothing. */
export const MISSING_ID = "0000000000000000deadbeef";
