import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { openConnections, type Connections } from "./connections";

let open: Connections | undefined;
let dir: string | undefined;

afterEach(async () => {
  await open?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// better-sqlite3's default page cache (16 MiB) is outgrown by the indexes the events worker writes once a brand
// has tens of thousands of contacts: every batch then reads its pages again (docs/performance.md, "Events").
it("gives both SQLite connections the configured page cache (SQLITE_CACHE_MB, 64 MiB by default)", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "connections-"));
  open = openConnections(`file:${path.join(dir, "test.db")}`);
  if (open.kind !== "sqlite") throw new Error("expected SQLite");
  expect(open.writer.connection.pragma("cache_size", { simple: true })).toBe(-64 * 1024);
  expect(open.reader.pragma("cache_size", { simple: true })).toBe(-64 * 1024);
});
