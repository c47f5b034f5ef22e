// Segments' kept sizes (issue 27): GET /api/segments/summaries gives a page of segments with their size as
// last counted and when, in one request (by ids, or by name); a new or changed definition is counted at
// once, and the workers count sizes again in the background once they are older than
// SEGMENT_SIZE_MAX_AGE_SECONDS (a server of its own, where that is one second).
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./setup/test-server";
import { until } from "./until";
import { VERSION } from "./helpers";

let server: TestServer;
const keys: string[] = [];

function admin(...args: string[]): Record<string, string> {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: server.databaseUrl },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").pop()!);
}

async function call(key: string, path: string, body?: unknown, method = body === undefined ? "GET" : "POST") {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: {
      "Service-Version": VERSION,
      Authorization: `Service-API-Key ${key}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const tagged = (name: string, tag: string) => ({
  name,
  conditionGroups: [
    { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
  ],
});
const contact = (email: string, tag: string) => ({
  identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }],
  tags: [tag],
});

beforeAll(async () => {
  server = await startTestServer({ label: "segment-sizes", env: { SEGMENT_SIZE_MAX_AGE_SECONDS: "1" } });
  for (const name of ["Sizes brand", "Other brand"]) {
    const { brandID } = admin("create-brand", "--name", name);
    keys.push(admin("create-api-key", "--brand", brandID).apiKey);
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("kept segment sizes", () => {
  it("a new segment is counted at once, and its size follows the contacts in the background", async () => {
    const [key] = keys;
    await call(key, "/api/contacts", contact("a@example.com", "vip"));
    const segment = (await call(key, "/api/segments", tagged("VIPs", "vip"))).body;
    const sizeOf = async () => (await call(key, `/api/segments/summaries?ids=${segment.segmentID}`)).body.segments[0];
    const first = await until(sizeOf, (s) => s.contactsCount !== null);
    expect(first).toMatchObject({ segmentID: segment.segmentID, name: "VIPs", status: "ready", contactsCount: 1 });
    expect(Date.parse(first.countedAt)).toBeGreaterThanOrEqual(Date.parse(segment.updatedAt));

    // Two more members: nobody asks for a count, the size catches up by itself, with a later time.
    await call(key, "/api/contacts", contact("b@example.com", "vip"));
    await call(key, "/api/contacts", contact("c@example.com", "vip"));
    const later = await until(sizeOf, (s) => s.contactsCount === 3, 30_000);
    expect(Date.parse(later.countedAt)).toBeGreaterThan(Date.parse(first.countedAt));
  }, 60_000);

  it("a changed definition has no size until it is counted, then the new one", async () => {
    const [key] = keys;
    await call(key, "/api/contacts", contact("t@example.com", "trial"));
    const segment = (await call(key, "/api/segments", tagged("Changing", "nobody"))).body;
    const sizeOf = async () => (await call(key, `/api/segments/summaries?ids=${segment.segmentID}`)).body.segments[0];
    await until(sizeOf, (s) => s.contactsCount === 0);
    const changed = await until(
      () => call(key, `/api/segments/${segment.segmentID}`, tagged("Changing", "trial"), "PUT"),
      (r) => r.status === 200,
    );
    // Counted against the new definition only: a size is never one of an earlier definition.
    const now = await sizeOf();
    expect(now.contactsCount === null || now.contactsCount === 1).toBe(true);
    const counted = await until(sizeOf, (s) => s.contactsCount === 1);
    expect(Date.parse(counted.countedAt)).toBeGreaterThanOrEqual(Date.parse(changed.body.updatedAt));
  }, 60_000);

  it("by ids in the order given, by name case-insensitively, never another brand's", async () => {
    const [key, otherKey] = keys;
    const made = [];
    for (const name of ["Alpha buyers", "beta Buyers", "Gamma"]) made.push((await call(key, "/api/segments", tagged(name, "x"))).body);
    const foreign = (await call(otherKey, "/api/segments", tagged("Other buyers", "x"))).body;

    const byIds = await call(key, `/api/segments/summaries?ids=${[made[2], foreign, made[0]].map((s) => s.segmentID).join(",")}`);
    expect(byIds.status).toBe(200);
    expect(byIds.body.segments.map((s: { name: string }) => s.name)).toEqual(["Gamma", "Alpha buyers"]);
    expect(Object.keys(byIds.body.segments[0]).sort()).toEqual(
      [
        "archivedAt",
        "conditionGroups",
        "contactsCount",
        "countedAt",
        "createdAt",
        "isStarred",
        "name",
        "segmentID",
        "status",
        "updatedAt",
      ].sort(),
    );

    const byName = await call(key, "/api/segments/summaries?nameContains=BUYERS");
    expect(byName.body.segments.map((s: { name: string }) => s.name)).toEqual(["Alpha buyers", "beta Buyers"]);
    const limited = await call(key, "/api/segments/summaries?limit=1");
    expect(limited.body.segments).toHaveLength(1);
    // A LIKE wildcard is matched as itself.
    expect((await call(key, "/api/segments/summaries?nameContains=%25")).body.segments).toEqual([]);
  }, 60_000);

  it("refuses malformed ids, more than 50 of them, and ids with a name together", async () => {
    const [key] = keys;
    const id = "0".repeat(24);
    for (const query of [
      "ids=nothex",
      `ids=${Array.from({ length: 51 }, () => id).join(",")}`,
      `ids=${id}&nameContains=a`,
      "limit=51",
      "unknown=1",
    ]) {
      const res = await call(key, `/api/segments/summaries?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.type, query).toMatch(/\/validation-failed$/);
    }
    expect((await call(key, `/api/segments/summaries?ids=${id}`)).body).toEqual({ segments: [] });
  });
});
