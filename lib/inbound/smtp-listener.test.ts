// The inbound listener's own limits, against a scratch database file: STARTTLS with the configured certificate
// (INBOUND_TLS_CERT_FILE / INBOUND_TLS_KEY_FILE), a 250 only once the message is in the spool beside the
// database file (spool.ts) and the row in the database just after, the size limit (552) and
// the per-client rate (450), counted for the deployment. Recipient rules and what is done with the mail: tests/api/inbound.test.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSpoolFile } from "./spool-file";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbound-listener-"));
const DOMAIN = "bounces.listener.test";
let listener: { port: number; close(): Promise<void> };
let rows: () => Promise<{ recipient: string; via: string }[]>;

beforeAll(async () => {
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"],
    {
      stdio: "ignore",
    },
  );
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "inkwell.db")}`,
    AUTH_SECRET: "inbound-listener-test-secret-0123",
    RETURN_PATH_DOMAIN: DOMAIN,
    INBOUND_TLS_CERT_FILE: cert,
    INBOUND_TLS_KEY_FILE: key,
    INBOUND_MAX_BYTES: "4000",
    INBOUND_RATE_PER_MINUTE: "3",
  });
  const { applyMigrations } = await import("../../scripts/db/migrate");
  await applyMigrations();
  const { startInboundListener } = await import("./smtp-listener");
  const { sqlReader } = await import("@/lib/db/sql");
  listener = await startInboundListener({ port: 0, host: "127.0.0.1" });
  rows = () => sqlReader().all(`SELECT "recipient", "via" FROM "InboundMail" ORDER BY "id"`);
}, 60_000);

afterAll(async () => {
  await listener?.close();
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function send(raw: string, options: { tls: boolean; port?: number }) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: options.port ?? listener.port,
    secure: false,
    ...(options.tls ? { requireTLS: true, tls: { rejectUnauthorized: false } } : { ignoreTLS: true }),
  });
  try {
    const info = await transport.sendMail({ envelope: { from: "", to: [`postmaster@${DOMAIN}`] }, raw });
    return { ok: true as const, response: String(info.response) };
  } catch (error) {
    return { ok: false as const, code: (error as { responseCode?: number }).responseCode };
  } finally {
    transport.close();
  }
}

describe("the inbound listener", () => {
  it("offers STARTTLS with its certificate and answers 250 once the message is in the spool, then stores it", async () => {
    expect(await send("Subject: one\r\n\r\nhello\r\n", { tls: true })).toMatchObject({ ok: true });
    const spool = path.join(dir, "inkwell.db.inbound-spool");
    const spooled = fs.readdirSync(spool).flatMap((name) => readSpoolFile(fs.readFileSync(path.join(spool, name))));
    expect(spooled.flat().map((r) => r.raw.toString())).toEqual([expect.stringContaining("Subject: one")]);
    for (let i = 0; i < 100 && (await rows()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rows()).toEqual([{ recipient: `postmaster@${DOMAIN}`, via: "smtp" }]);
  });

  it("refuses a message over INBOUND_MAX_BYTES (552) and stores nothing", async () => {
    expect(await send(`Subject: big\r\n\r\n${"x".repeat(5000)}\r\n`, { tls: false })).toMatchObject({ ok: false, code: 552 });
    expect(await rows()).toHaveLength(1);
  });

  it("slows down a client over INBOUND_RATE_PER_MINUTE (450)", async () => {
    // The size refusal above counted too: this is the third message of the minute, the next is the fourth.
    expect(await send("Subject: three\r\n\r\nhello\r\n", { tls: false })).toMatchObject({ ok: true });
    expect(await send("Subject: four\r\n\r\nhello\r\n", { tls: false })).toMatchObject({ ok: false, code: 450 });
    expect(await rows()).toHaveLength(2);
  });

  it("counts a client's messages for the deployment, whichever listener they reach (lib/db/counters.ts sharedLimiter)", async () => {
    // A second listener stands for another instance: the client's minute is spent (above), there too. Before,
    // each listener counted in a map of its own, so every instance behind the MX gave a client its own limit.
    const { startInboundListener } = await import("./smtp-listener");
    const second = await startInboundListener({ port: 0, host: "127.0.0.1" });
    try {
      expect(await send("Subject: five\r\n\r\nhello\r\n", { tls: false, port: second.port })).toMatchObject({ ok: false, code: 450 });
    } finally {
      await second.close();
    }
    expect(await rows()).toHaveLength(2);
  });
});
