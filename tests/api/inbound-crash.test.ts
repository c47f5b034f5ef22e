// Durability of the inbound listener: mail it answered 250 before a SIGKILL is stored after the restart. Where
// the database is a local file, a 250 means the message is in the spool beside it (lib/inbound/spool.ts), and
// the database gets it just after: a kill in between leaves it to the replay at start. There, the test holds
// the database's write lock while the mail arrives (another writer's long transaction), so every 250 comes
// from the spool alone and the kill always finds mail the database does not have. (bench:inbound kills a
// server handling real bounce notices too; this test needs no campaign, so it runs on every engine.)
import Database from "better-sqlite3";
import nodemailer from "nodemailer";
import { expect, it } from "vitest";
import { killHard } from "../../scripts/bench/crash-scenario";
import { query } from "../../scripts/bench/inbox-queries";
import { databaseKind, sqliteFilePath } from "@/lib/db/url";
import { freePort, startTestServer } from "./setup/test-server";

const DOMAIN = "bounces.crash.test";
const MESSAGES = 3000;

it("every message answered 250 before a SIGKILL is stored after the restart, once", async () => {
  const port = await freePort();
  const env = { RETURN_PATH_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: String(port), INBOUND_RATE_PER_MINUTE: "1000000" };
  let server = await startTestServer({ label: "inbound-crash", env });
  const databaseUrl = server.databaseUrl;
  const writer = databaseKind(databaseUrl) === "sqlite" ? new Database(sqliteFilePath(databaseUrl)) : null;
  try {
    writer?.exec("BEGIN IMMEDIATE");
    const transporter = nodemailer.createTransport({ host: "127.0.0.1", port, ignoreTLS: true, pool: true, maxConnections: 8 });
    const acked: string[] = [];
    let next = 0;
    let killed = false;
    const lane = async () => {
      while (next < MESSAGES && !killed) {
        const subject = `crash-${next++}`;
        try {
          await transporter.sendMail({ envelope: { from: "", to: [`postmaster@${DOMAIN}`] }, raw: `Subject: ${subject}\r\n\r\nhello\r\n` });
          acked.push(subject);
          if (acked.length === 300) {
            killed = true;
            killHard(server);
          }
        } catch {
          killed = true; // the connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    transporter.close();
    expect(acked.length).toBeGreaterThanOrEqual(300);
    if (writer) {
      expect(await query(databaseUrl, `SELECT "id" FROM "InboundMail"`)).toEqual([]); // all of it in the spool only
      writer.exec("ROLLBACK");
      writer.close();
    }

    server = await startTestServer({ label: "inbound-crash", env, databaseUrl });
    // A spool file is stored once no writer touched it for 15 s (lib/inbound/spool.ts): its writer is gone.
    let subjects: (string | undefined)[] = [];
    for (let i = 0; i < 600; i++) {
      const stored = await query<{ raw: Buffer | string }>(databaseUrl, `SELECT "raw" FROM "InboundRaw"`);
      subjects = stored.map((r) => /Subject: (crash-\d+)/.exec(Buffer.from(r.raw).toString())?.[1]);
      if (acked.every((s) => subjects.includes(s))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(acked.filter((s) => !subjects.includes(s))).toEqual([]);
    expect(new Set(subjects).size).toBe(subjects.length);
  } finally {
    await server.stop();
  }
}, 240_000);
