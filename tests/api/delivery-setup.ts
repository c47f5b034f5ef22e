// A server of its own for delivery tests: the built Inkwell (scripts/start.ts, worker thread on) pointed at
// an SMTP sink, a DNS server and an SNS certificate on this machine, on a fresh database (SQLite, or
// PostgreSQL under TEST_POSTGRES_URL). The test process uses the same database through lib/ (to queue
// messages as a campaign would), so lib/ is imported only after the environment names that database.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { startDnsFixture, type DnsFixture } from "../fixtures/dns-server";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { startSnsFixture, type SnsFixture } from "../fixtures/sns-signer";
import { startTestServer, type TestServer } from "./setup/test-server";

export const VERSION = "2026-03-15";
export const POSTMARK_PASSWORD = "postmark-webhook-password-for-tests";

export type DeliveryEnv = {
  server: TestServer;
  sink: SmtpSink;
  dns: DnsFixture;
  sns: SnsFixture;
  sendgridKey: KeyObject;
  call(
    path: string,
    options?: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
};

export async function startDeliveryEnv(env: Record<string, string> = {}): Promise<DeliveryEnv> {
  const [sink, dns, sns] = await Promise.all([startSmtpSink(), startDnsFixture(), startSnsFixture()]);
  const sendgrid = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const settings: Record<string, string> = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_TLS: "none",
    SMTP_FROM: "Inkwell <no-reply@inkwell.test>",
    SMTP_POOL_CONNECTIONS: "2",
    DELIVERY_RETRY_BASE_MS: "300",
    DELIVERY_PAUSE_MIN_SENT: "4",
    DELIVERY_PAUSE_BOUNCE_RATE: "0.5",
    DELIVERY_PAUSE_COMPLAINT_RATE: "0.5",
    EVENTS_WORKER_IDLE_MS: "50",
    DNS_RESOLVER: dns.address,
    SNS_CERT_URL_PREFIXES: sns.prefix,
    POSTMARK_WEBHOOK_PASSWORD: POSTMARK_PASSWORD,
    SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    RATE_LIMIT_PER_MINUTE: "100000",
    TEST_SEND_PER_HOUR: "1000",
    ...env,
  };
  const server = await startTestServer({ label: "delivery", env: settings });
  // This process reads and writes the server's database with the same settings (links, origin).
  Object.assign(process.env, settings, {
    DATABASE_URL: server.databaseUrl,
    AUTH_SECRET: server.authSecret,
    PORT: new URL(server.baseUrl).port,
  });
  return {
    server,
    sink,
    dns,
    sns,
    sendgridKey: sendgrid.privateKey,
    async call(path, options = {}) {
      const headers: Record<string, string> = { "Service-Version": VERSION, ...options.headers };
      if (options.key) headers.Authorization = `Service-API-Key ${options.key}`;
      if (options.body !== undefined) headers["Content-Type"] ??= "application/json";
      const res = await fetch(server.baseUrl + path, {
        method: options.method ?? (options.body === undefined ? "GET" : "POST"),
        headers,
        body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
        redirect: "manual",
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async stop() {
      await server.stop();
      await Promise.all([sink.close(), dns.close(), sns.close()]);
    },
  };
}

const id24 = (n: number) => n.toString(16).padStart(24, "0");

/** A template of one section holding one text block (`html`): what the sending tests mail. */
export function oneTextBlockTemplate(name: string, html: string) {
  return {
    name,
    sections: [{ id: id24(1), rows: [{ id: id24(2), columns: [{ id: id24(3), blocks: [{ id: id24(4), type: "text", text: html }] }] }] }],
  };
}
