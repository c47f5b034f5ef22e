import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, keysetPage } from "./pagination";

type Row = { id: string; name: string };
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: `id${i}`, name: ["b", "a", "c", "a", "b", "d", "a"][i] }));

/** An in-memory stand-in for the database's keyset query, enough to check the cursor arithmetic. */
function fetchFrom(data: Row[]) {
  return async ({ where, orderBy, take }: { where: any; orderBy: Record<string, "asc" | "desc">[]; take: number }) => {
    const [first, second] = orderBy;
    const key = Object.keys(first)[0] as keyof Row;
    const dir = first[key];
    const cmp = (a: Row, b: Row) => {
      const main = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
      const tie = second ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : 0;
      return (dir === "asc" ? 1 : -1) * (main || tie);
    };
    let out = [...data].sort(cmp);
    const keyset = where.AND?.[1]?.OR ?? where.OR;
    if (keyset) {
      const [gt, eq] = keyset;
      const op = Object.keys(gt[key])[0];
      const value = gt[key][op];
      const id = eq.id[op];
      out = out.filter((r) =>
        op === "gt" ? r[key] > value || (r[key] === value && r.id > id) : r[key] < value || (r[key] === value && r.id < id),
      );
    }
    return out.slice(0, take);
  };
}

async function page(opts: { after?: string; before?: string; direction: "asc" | "desc"; data?: Row[] }) {
  return keysetPage<Row>({ sort: "name", column: "name", limit: 3, valueOf: (r) => r.name, fetch: fetchFrom(opts.data ?? rows), ...opts });
}

describe("keyset pagination", () => {
  it("walks forward then back without skipping or repeating", async () => {
    const p1 = await page({ direction: "asc" });
    expect(p1.rows.map((r) => r.id)).toEqual(["id1", "id3", "id6"]);
    expect(p1.paging.hasMore).toBe(true);
    const p2 = await page({ direction: "asc", after: p1.paging.cursors.after });
    expect(p2.rows.map((r) => r.id)).toEqual(["id0", "id4", "id2"]);
    const p3 = await page({ direction: "asc", after: p2.paging.cursors.after });
    expect(p3.rows.map((r) => r.id)).toEqual(["id5"]);
    expect(p3.paging.hasMore).toBe(false);
    const back = await page({ direction: "asc", before: p3.paging.cursors.before });
    expect(back.rows.map((r) => r.id)).toEqual(["id0", "id4", "id2"]);
  });

  it("rows inserted before the cursor do not shift the next page", async () => {
    const p1 = await page({ direction: "asc" });
    const grown = [...rows, { id: "id05", name: "a" }, { id: "id8", name: "0" }];
    const p2 = await page({ direction: "asc", after: p1.paging.cursors.after, data: grown });
    expect(p2.rows.map((r) => r.id)).toEqual(["id0", "id4", "id2"]);
  });

  it("a cursor is bound to its sort", () => {
    const cursor = encodeCursor({ s: "name", d: "asc", v: "a", id: "x" });
    expect(() => decodeCursor(cursor, "createdAt", "asc")).toThrow(/sort=name/);
    expect(() => decodeCursor(cursor, "name", "desc")).toThrow();
    expect(() => decodeCursor("garbage!!", "name", "asc")).toThrow(/not a cursor/);
  });
});
