// A resolver that cannot be believed: one that answers "no such domain" to every name (a machine without a
// way to the Internet's DNS does). The mail-domain check must then accept, not turn every visitor away.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsFixture, type DnsFixture } from "@/tests/fixtures/dns-server";

let dns: DnsFixture;
let mailDomain: typeof import("./mail-domain").mailDomain;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-offline-dns-"));

beforeAll(async () => {
  dns = await startDnsFixture(); // knows no name at all: NXDOMAIN for everything
  Object.assign(process.env, { DNS_RESOLVER: dns.address, DATABASE_URL: `file:${path.join(dir, "unused.db")}` });
  ({ mailDomain } = await import("./mail-domain"));
});
afterAll(async () => {
  await dns.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("mailDomain with a resolver that knows no domain", () => {
  it("does not refuse on its word", async () => {
    expect(await mailDomain("acme.test")).toBe("unknown");
    expect(await mailDomain("example.com")).toBe("unknown");
  });
});
