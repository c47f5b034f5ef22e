// The audience_published_shape migration on a database holding rows in their old shapes, on the engine
// the API suite runs on (SQLite, and PostgreSQL under scripts/db/with-postgres.ts): segments in the
// type-discriminated condition model come out in the published model meaning the same (the same members,
// evaluated by the new SQL), each identifier's consent becomes the contact's first consents[] entry, and
// the last detected city and country start as the contact's own.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { databaseKind, sqliteFilePath } from "@/lib/db/url";
import { postgresParam, sqliteParam } from "@/lib/db/values";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "@/lib/db/placeholders";
import { ConditionGroups } from "@/lib/segments/conditions";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { applyMigrations } from "../../scripts/db/migrate";
import { freshDatabaseUrl } from "./setup/test-server";

const TARGET = fs
  .readdirSync(path.resolve(import.meta.dirname, "../../prisma/migrations"))
  .find((n) => n.endsWith("_audience_published_shape"))!;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type Db = {
  kind: "sqlite" | "postgres";
  run(sql: string, params?: unknown[]): Promise<void>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

async function open(url: string): Promise<Db> {
  if (databaseKind(url) === "postgres") {
    const pg = (await import("pg")).default;
    // timestamp(3) columns hold UTC wall-clock time (as lib/db/connections.ts reads them).
    const types = {
      getTypeParser: ((oid: number, format?: string) =>
        oid === pg.types.builtins.TIMESTAMP
          ? (text: string) => new Date(`${text.replace(" ", "T")}Z`)
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    };
    const client = new pg.Client({ connectionString: url, types });
    await client.connect();
    return {
      kind: "postgres",
      async run(sql, params = []) {
        await client.query(toPostgresPlaceholders(sql), params.map(postgresParam));
      },
      async all<T>(sql: string, params: unknown[] = []) {
        return (await client.query(toPostgresPlaceholders(sql), params.map(postgresParam))).rows as T[];
      },
      close: () => client.end(),
    };
  }
  const Database = (await import("better-sqlite3")).default;
  const file = new Database(sqliteFilePath(url));
  return {
    kind: "sqlite",
    async run(sql, params = []) {
      file.prepare(toSqlitePlaceholders(sql)).run(...params.map(sqliteParam));
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return file.prepare(toSqlitePlaceholders(sql)).all(...params.map(sqliteParam)) as T[];
    },
    close: async () => {
      file.close();
    },
  };
}

const brandId = newId();
const ids = { anna: newId(), bob: newId(), carl: newId() };
const legacy: Record<string, { groups: unknown[]; members: (keyof typeof ids)[] }> = {
  statusIs: { groups: [{ conditions: [{ type: "status", channel: "email", operator: "is", value: "subscribed" }] }], members: ["anna"] },
  statusIsNot: {
    groups: [{ conditions: [{ type: "status", channel: "email", operator: "isNot", value: "subscribed" }] }],
    members: ["bob", "carl"],
  },
  smsIs: { groups: [{ conditions: [{ type: "status", channel: "sms", operator: "is", value: "subscribed" }] }], members: ["bob"] },
  tagHas: { groups: [{ conditions: [{ type: "tag", operator: "has", value: "vip" }] }], members: ["anna", "carl"] },
  tagHasNot: { groups: [{ conditions: [{ type: "tag", operator: "hasNot", value: "vip" }] }], members: ["bob"] },
  firstNameEquals: {
    groups: [{ conditions: [{ type: "profile", field: "firstName", operator: "equals", value: "Anna" }] }],
    members: ["anna"],
  },
  firstNameNotEquals: {
    groups: [{ conditions: [{ type: "profile", field: "firstName", operator: "notEquals", value: "Anna" }] }],
    members: ["bob", "carl"],
  },
  cityContains: { groups: [{ conditions: [{ type: "profile", field: "city", operator: "contains", value: "ERL" }] }], members: ["anna"] },
  firstNameNotExists: { groups: [{ conditions: [{ type: "profile", field: "firstName", operator: "notExists" }] }], members: ["carl"] },
  countryCodeEquals: {
    groups: [{ conditions: [{ type: "profile", field: "countryCode", operator: "equals", value: "US" }] }],
    members: ["bob"],
  },
  birthdateContains: {
    groups: [{ conditions: [{ type: "profile", field: "birthdate", operator: "contains", value: "-05-" }] }],
    members: ["bob"],
  },
  visitsGte: { groups: [{ conditions: [{ type: "customProperty", key: "visits", operator: "gte", value: 3 }] }], members: ["anna", "bob"] },
  visitsLt: { groups: [{ conditions: [{ type: "customProperty", key: "visits", operator: "lt", value: 10 }] }], members: ["bob"] },
  planEquals: { groups: [{ conditions: [{ type: "customProperty", key: "plan", operator: "equals", value: "gold" }] }], members: ["anna"] },
  planNotEquals: {
    groups: [{ conditions: [{ type: "customProperty", key: "plan", operator: "notEquals", value: "gold" }] }],
    members: ["bob", "carl"],
  },
  visitsText: { groups: [{ conditions: [{ type: "customProperty", key: "visits", operator: "equals", value: "12" }] }], members: ["carl"] },
  vipFalse: { groups: [{ conditions: [{ type: "customProperty", key: "vip", operator: "equals", value: false }] }], members: ["bob"] },
  planContains: {
    groups: [{ conditions: [{ type: "customProperty", key: "plan", operator: "contains", value: "OL" }] }],
    members: ["anna"],
  },
  planNotExists: { groups: [{ conditions: [{ type: "customProperty", key: "plan", operator: "notExists" }] }], members: ["carl"] },
  createdRecently: {
    groups: [{ conditions: [{ type: "date", field: "createdAt", operator: "withinLastDays", value: 5 }] }],
    members: ["anna"],
  },
  createdBefore: {
    groups: [{ conditions: [{ type: "date", field: "createdAt", operator: "before", value: ago(30).toISOString() }] }],
    members: ["bob"],
  },
  updatedAfter: {
    groups: [{ conditions: [{ type: "date", field: "updatedAt", operator: "after", value: ago(3).toISOString() }] }],
    members: ["anna", "carl"],
  },
  ordered: { groups: [{ conditions: [{ type: "event", eventName: "order", operator: "did" }] }], members: ["anna", "bob"] },
  orderedTwiceThisWeek: {
    groups: [{ conditions: [{ type: "event", eventName: "order", operator: "did", atLeast: 2, withinLastDays: 7 }] }],
    members: ["anna"],
  },
  neverOrdered: { groups: [{ conditions: [{ type: "event", eventName: "order", operator: "didNot", atLeast: 1 }] }], members: ["carl"] },
  groups: {
    groups: [
      {
        conditions: [
          { type: "tag", operator: "has", value: "vip" },
          { type: "status", channel: "email", operator: "is", value: "subscribed" },
        ],
      },
      { conditions: [{ type: "profile", field: "firstName", operator: "equals", value: "Bob" }] },
    ],
    members: ["anna", "bob"],
  },
};
const segmentIds = Object.fromEntries(Object.keys(legacy).map((name) => [name, newId()]));

let url: string;
let cleanup: () => void;
let db: Db;

beforeAll(async () => {
  ({ url, cleanup } = await freshDatabaseUrl("audience-migration"));
  await applyMigrations(url, { before: TARGET });
  db = await open(url);
  const now = new Date();
  await db.run(
    `INSERT INTO "Brand" ("id", "name", "plan", "features", "createdAt", "updatedAt") VALUES (?, 'Old', 'pro', ?json, ?ts, ?ts)`,
    [brandId, "{}", now, now],
  );
  const contact = (id: string, fields: Record<string, unknown>, created: Date, updated: Date) => {
    const keys = Object.keys(fields);
    return db.run(
      `INSERT INTO "Contact" ("id", "brandId", ${keys.map((k) => `"${k}", `).join("")}"customProperties", "createdAt", "updatedAt") VALUES (?, ?, ${keys.map(() => "?, ").join("")}?json, ?ts, ?ts)`,
      [id, brandId, ...Object.values(fields), "{}", created, updated],
    );
  };
  await contact(ids.anna, { firstName: "Anna", city: "Berlin", country: "Germany", countryCode: "DE" }, ago(2), ago(1));
  await contact(ids.bob, { firstName: "Bob", countryCode: "US", birthdate: "1985-05-03" }, ago(40), ago(10));
  await contact(ids.carl, {}, ago(10), ago(1));
  const custom = {
    [ids.anna]: { plan: "gold", visits: 12, vip: true },
    [ids.bob]: { plan: "silver", visits: 3, vip: false },
    [ids.carl]: { visits: "12" },
  };
  for (const [id, properties] of Object.entries(custom))
    await db.run(`UPDATE "Contact" SET "customProperties" = ?json WHERE "id" = ?`, [JSON.stringify(properties), id]);
  const identifier = (contactId: string, type: string, value: string, status: string, consent: unknown) =>
    db.run(
      `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "consent", "sendWelcomeMessage", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?ts, ?json, ?bool, ?ts)`,
      [newId(), brandId, contactId, type, value, status, ago(1), consent === null ? null : JSON.stringify(consent), true, ago(1)],
    );
  await identifier(ids.anna, "email", `anna-${brandId}@example.com`, "subscribed", {
    source: "form",
    createdAt: "2026-01-01T00:00:00.000Z",
    ip: "203.0.113.7",
  });
  await identifier(ids.bob, "email", `bob-${brandId}@example.com`, "unsubscribed", null);
  await identifier(ids.bob, "phone", "+14155552671", "subscribed", {
    source: "checkout",
    createdAt: "2026-02-01T10:00:00.000Z",
    userAgent: "Shop/1.0",
  });
  for (const [contactId, tag] of [
    [ids.anna, "vip"],
    [ids.carl, "vip"],
  ])
    await db.run(`INSERT INTO "ContactTag" ("contactId", "brandId", "tag") VALUES (?, ?, ?)`, [contactId, brandId, tag]);
  for (const [contactId, days] of [
    [ids.anna, 1],
    [ids.anna, 3],
    [ids.anna, 60],
    [ids.bob, 50],
  ] as const) {
    await db.run(
      `INSERT INTO "ContactEvent" ("id", "brandId", "contactId", "eventName", "origin", "eventTime", "receivedAt", "properties") VALUES (?, ?, ?, 'order', 'web', ?ts, ?ts, ?json)`,
      [newId(), brandId, contactId, ago(days), ago(days), "{}"],
    );
  }
  for (const [name, { groups }] of Object.entries(legacy)) {
    await db.run(
      `INSERT INTO "Segment" ("id", "brandId", "name", "conditionGroups", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?json, 'ready', ?ts, ?ts)`,
      [segmentIds[name], brandId, name, JSON.stringify(groups), now, now],
    );
  }
  expect(await applyMigrations(url)).toContain(TARGET);
}, 120_000);

afterAll(async () => {
  await db?.close();
  cleanup?.();
});

describe(`migration ${TARGET ?? "audience_published_shape"}`, () => {
  it("turns every legacy segment into the published model, with the same members", async () => {
    const rows = await db.all<{
      id: string;
      name: string;
      conditionGroups: unknown;
      isStarred: unknown;
      archivedAt: unknown;
      status: string;
    }>(`SELECT "id", "name", "conditionGroups", "isStarred", "archivedAt", "status" FROM "Segment" WHERE "brandId" = ?`, [brandId]);
    expect(rows).toHaveLength(Object.keys(legacy).length);
    for (const row of rows) {
      const stored = typeof row.conditionGroups === "string" ? JSON.parse(row.conditionGroups) : row.conditionGroups;
      const parsed = ConditionGroups.safeParse(stored);
      expect(parsed.success, `${row.name}: ${JSON.stringify(stored)} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(row).toMatchObject({ status: "ready", archivedAt: null });
      expect([0, false]).toContain(row.isStarred);
      const sql = new Sql(db.kind);
      const where = `c."brandId" = ${sql.p(brandId)} AND ${segmentSql(parsed.data!, sql, { brandId })}`;
      const members = (await db.all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where} ORDER BY c."id"`, sql.params)).map(
        (r) => r.id,
      );
      expect(members, row.name).toEqual(legacy[row.name].members.map((m) => ids[m]).sort());
    }
  });

  it("writes the published shapes the migration promises", async () => {
    const [events] = await db.all<{ conditionGroups: unknown }>(`SELECT "conditionGroups" FROM "Segment" WHERE "id" = ?`, [
      segmentIds.orderedTwiceThisWeek,
    ]);
    const groups = typeof events.conditionGroups === "string" ? JSON.parse(events.conditionGroups) : events.conditionGroups;
    expect(groups).toEqual([
      {
        conditions: [
          {
            entity: "event",
            junction: "and",
            filters: [
              { name: "order", operator: "has", count: "atLeast", value: 2, period: { operator: "inTheLast", unit: "days", value: 7 } },
            ],
          },
        ],
      },
    ]);
    const [status] = await db.all<{ conditionGroups: unknown }>(`SELECT "conditionGroups" FROM "Segment" WHERE "id" = ?`, [
      segmentIds.statusIsNot,
    ]);
    expect(typeof status.conditionGroups === "string" ? JSON.parse(status.conditionGroups) : status.conditionGroups).toEqual([
      {
        conditions: [
          {
            entity: "contact",
            junction: "and",
            filters: [{ property: "subscriptionStatus", channels: ["email"], operator: "notEquals", value: "subscribed" }],
          },
        ],
      },
    ]);
  });

  it("keeps each identifier's consent as the contact's consent history, and sets the last detected place", async () => {
    const consents = await db.all<{
      contactId: string;
      channel: string;
      source: string;
      ip: string | null;
      userAgent: string | null;
      createdAt: unknown;
    }>(
      `SELECT "contactId", "channel", "source", "ip", "userAgent", "createdAt" FROM "ContactConsent" WHERE "brandId" = ? ORDER BY "createdAt"`,
      [brandId],
    );
    expect(consents.map((k) => ({ ...k, createdAt: new Date(k.createdAt as string | Date).toISOString() }))).toEqual([
      { contactId: ids.anna, channel: "email", source: "form", ip: "203.0.113.7", userAgent: null, createdAt: "2026-01-01T00:00:00.000Z" },
      { contactId: ids.bob, channel: "sms", source: "checkout", ip: null, userAgent: "Shop/1.0", createdAt: "2026-02-01T10:00:00.000Z" },
    ]);
    const places = await db.all<{ id: string; lastDetectedCity: string | null; lastDetectedCountry: string | null }>(
      `SELECT "id", "lastDetectedCity", "lastDetectedCountry" FROM "Contact" WHERE "brandId" = ? ORDER BY "id"`,
      [brandId],
    );
    expect(places).toEqual([
      { id: ids.anna, lastDetectedCity: "Berlin", lastDetectedCountry: "Germany" },
      { id: ids.bob, lastDetectedCity: null, lastDetectedCountry: "US" },
      { id: ids.carl, lastDetectedCity: null, lastDetectedCountry: null },
    ]);
  });
});
