// A stored message wakes the inbound job once (accept.ts, after the durable commit), also when the worker
// thread commits it (inbound-thread.ts): before, both woke it, and each wake is a claim query on the worker.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BroadcastChannel, MessageChannel } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbound-wake-"));
const DOMAIN = "bounces.wake.test";

beforeAll(async () => {
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "inkwell.db")}`,
    AUTH_SECRET: "inbound-wake-test-secret-0123456789",
    RETURN_PATH_DOMAIN: DOMAIN,
  });
  const { applyMigrations } = await import("../../scripts/db/migrate");
  await applyMigrations();
}, 60_000);

afterAll(async () => {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("storing accepted mail", () => {
  it("wakes the inbound job once per stored message, through the worker thread's store too", async () => {
    const { acceptInboundMail } = await import("./accept");
    const { delegateInboundStore } = await import("./inbound-store");
    const { serveInboundStore, ThreadInboundStore } = await import("./inbound-thread");
    // The listener's side and the worker thread's side of the store, on one channel (one thread suffices).
    const { port1, port2 } = new MessageChannel();
    serveInboundStore(port2);
    delegateInboundStore(new ThreadInboundStore(port1));
    // What the job's sleep listens to (lib/process/wake.ts), from any thread of the process.
    const channel = new BroadcastChannel("inkwell:wake-inbound-mail");
    let wakes = 0;
    channel.onmessage = () => wakes++;
    try {
      const accepted = await acceptInboundMail(Buffer.from("Subject: hi\r\n\r\nhi\r\n"), {
        recipients: [`postmaster@${DOMAIN}`],
        from: "",
        via: "smtp",
      });
      expect(accepted.stored).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(wakes).toBe(1);
    } finally {
      delegateInboundStore(null);
      channel.close();
      port1.close();
    }
  });
});
