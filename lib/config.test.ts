import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

describe("configuration", () => {
  it("has a default for every optional variable, and derives the engine and public origin", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      DATABASE_URL: "file:./data/inkwell.db",
      databaseKind: "sqlite",
      PORT: 3000,
      HOST: "0.0.0.0",
      TRUST_PROXY: 0,
      appOrigin: "http://localhost:3000",
      RATE_LIMIT_PER_MINUTE: 400,
      RATE_LIMIT_SESSION_PER_MINUTE: 1200,
      RATE_LIMIT_RENDER_PER_MINUTE: 40,
      RATE_LIMIT_TAGS_PER_MINUTE: 60,
      DATABASE_POOL_SIZE: 10,
      INKWELL_WORKER: "on",
      EVENTS_SQLITE_SYNCHRONOUS: "full",
    });
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "postgresql://u:p@db/inkwell", PORT: "8080", APP_URL: "https://mail.example.com/" })).toMatchObject({
      databaseKind: "postgres",
      appOrigin: "https://mail.example.com",
    });
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", RATE_LIMIT_PER_MINUTE: "  " })).toMatchObject({ PORT: 3000, RATE_LIMIT_PER_MINUTE: 400 });
  });

  it("refuses invalid values in one line that names every bad variable and what it got", () => {
    expect(() => parseConfig({ RATE_LIMIT_PER_MINUTE: "lots", INKWELL_WORKER: "maybe", APP_URL: "mail.example.com" })).toThrow(
      'Invalid configuration: APP_URL must be an absolute http(s) URL, e.g. https://inkwell.example.com (got "mail.example.com"); ' +
        'RATE_LIMIT_PER_MINUTE must be a whole number (got "lots"); INKWELL_WORKER must be "on" or "off" (got "maybe")',
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with "file:"/);
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 16 characters/);
    expect(() => parseConfig({ PORT: "70000" })).toThrow(/PORT must be a port number/);
  });

  it("sends test emails through SMTP only when SMTP_HOST is set, with STARTTLS on port 587 by default", () => {
    expect(parseConfig({}).smtp).toBeNull();
    expect(parseConfig({ SMTP_HOST: "smtp.acme.com", APP_URL: "https://mail.acme.com" }).smtp).toEqual({
      host: "smtp.acme.com",
      port: 587,
      tls: "starttls",
      auth: null,
      from: "Inkwell <no-reply@mail.acme.com>",
      // EHLO names the deployment (APP_URL's host), not "[127.0.0.1]" (issue 39).
      heloName: "mail.acme.com",
      caFile: null,
    });
    expect(
      parseConfig({
        SMTP_HOST: "smtp.acme.com",
        SMTP_PORT: "465",
        SMTP_TLS: "tls",
        SMTP_USER: "u",
        SMTP_PASSWORD: "p",
        SMTP_FROM: "Acme <news@acme.com>",
      }).smtp,
    ).toEqual({
      host: "smtp.acme.com",
      port: 465,
      tls: "tls",
      auth: { user: "u", pass: "p" },
      from: "Acme <news@acme.com>",
      heloName: null,
      caFile: null,
    });
    expect(parseConfig({}).TEST_SEND_PER_HOUR).toBe(20);
  });

  it("takes SMTP_HELO_NAME and SMTP_TLS_CA_FILE, refusing a malformed name and a file that holds no certificate", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-config-"));
    const pem = path.join(dir, "ca.pem");
    fs.writeFileSync(pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    try {
      expect(parseConfig({ SMTP_HOST: "relay.acme.com", SMTP_HELO_NAME: "out.acme.com", SMTP_TLS_CA_FILE: pem }).smtp).toMatchObject({
        heloName: "out.acme.com",
        caFile: pem,
      });
      expect(parseConfig({ SMTP_HOST: "relay.acme.com", APP_URL: "http://10.0.0.5:3000" }).smtp?.heloName).toBe("[10.0.0.5]");
      expect(() => parseConfig({ SMTP_HELO_NAME: "bad name!" })).toThrow(/SMTP_HELO_NAME must be a host name or an address literal/);
      expect(() => parseConfig({ SMTP_TLS_CA_FILE: path.join(dir, "missing.pem") })).toThrow(
        /SMTP_TLS_CA_FILE must be a readable PEM file of certificates/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a half login and a malformed sender, and never prints a password", () => {
    expect(() => parseConfig({ SMTP_HOST: "smtp.acme.com", SMTP_PASSWORD: "hunter2-secret" })).toThrow(
      'SMTP_USER must be set when SMTP_PASSWORD is (the mail server login needs both, or neither) (got "")',
    );
    expect(() => parseConfig({ SMTP_USER: "u" })).toThrow(
      "SMTP_PASSWORD must be set when SMTP_USER is (the mail server login needs both, or neither) (got 0 characters)",
    );
    expect(() => parseConfig({ SMTP_FROM: "not an address" })).toThrow(/SMTP_FROM must be an address/);
    expect(() => parseConfig({ SMTP_TLS: "ssl" })).toThrow(/SMTP_TLS must be "starttls", "tls" or "none"/);
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow("AUTH_SECRET must be at least 16 characters (got 5 characters)");
  });

  it("has delivery defaults, wants the DKIM trio together and rates between 0 and 1", () => {
    expect(parseConfig({})).toMatchObject({
      SMTP_POOL_CONNECTIONS: 4,
      SMTP_RATE_PER_SECOND: 0,
      DELIVERY_WORKER_BATCH: 200,
      DELIVERY_MAX_ATTEMPTS: 6,
      DELIVERY_PAUSE_BOUNCE_RATE: 0.1,
      DELIVERY_PAUSE_COMPLAINT_RATE: 0.005,
      OUTBOX_KEEP_PER_BRAND: 1000,
    });
    expect(() => parseConfig({ DKIM_SELECTOR: "ink1" })).toThrow(
      'DKIM_PRIVATE_KEY_FILE must be set with DKIM_SELECTOR (got ""); DKIM_DOMAIN must be set with DKIM_SELECTOR',
    );
    expect(parseConfig({ DKIM_SELECTOR: "ink1", DKIM_DOMAIN: "acme.com", DKIM_PRIVATE_KEY_FILE: "/etc/dkim.pem" }).DKIM_DOMAIN).toBe(
      "acme.com",
    );
    expect(() => parseConfig({ DELIVERY_PAUSE_BOUNCE_RATE: "5" })).toThrow(/DELIVERY_PAUSE_BOUNCE_RATE must be between 0 and 1/);
    expect(() => parseConfig({ DNS_RESOLVER: "dns.google" })).toThrow(/DNS_RESOLVER must be addresses/);
    expect(parseConfig({ DNS_RESOLVER: "127.0.0.1:5353, 1.1.1.1" }).DNS_RESOLVER).toBe("127.0.0.1:5353, 1.1.1.1");
    expect(() => parseConfig({ POSTMARK_WEBHOOK_PASSWORD: "short" })).toThrow(
      "POSTMARK_WEBHOOK_PASSWORD must be at least 16 characters (got 5 characters)",
    );
  });

  it("takes INBOUND_IMAP_URL only as an IMAP mailbox with its login, and never prints it", () => {
    expect(parseConfig({ INBOUND_IMAP_URL: "imaps://bounces:secret@imap.acme.com/INBOX" })).toMatchObject({
      INBOUND_IMAP_URL: "imaps://bounces:secret@imap.acme.com/INBOX",
      INBOUND_IMAP_POLL_SECONDS: 30,
    });
    expect(() => parseConfig({ INBOUND_IMAP_URL: "https://bounces:secret@imap.acme.com/" })).toThrow(
      "INBOUND_IMAP_URL must be imap:// or imaps:// with a user and password, e.g. imaps://bounces:secret@imap.acme.com/INBOX (got 37 characters)",
    );
  });
});
