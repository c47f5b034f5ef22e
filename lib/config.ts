// Inkwell's configuration: every environment variable the app reads, validated once, in one place.
// The README's configuration table lists the same variables with the same defaults; nothing else in
// lib/, app/, components/ or server/ reads process.env for settings.
import fs from "node:fs";
import { z } from "zod";

const DEFAULT_DATABASE_URL = "file:./data/inkwell.db";

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").positive("must be greater than 0").default(fallback);
const nonNegativeInt = (fallback: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more").default(fallback);
const rate = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number between 0 and 1" })
    .min(0, "must be between 0 and 1")
    .max(1, "must be between 0 and 1")
    .default(fallback);
const onOff = (fallback: "on" | "off") => z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default(fallback);
const parsedUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};
// RFC 8414 section 2 (the issuer has no query or fragment); Inkwell serves from the root, so a path
// would name URLs that do not exist.
const origin = z
  .string()
  .refine(
    (value) => ["http:", "https:"].includes(parsedUrl(value)?.protocol ?? ""),
    "must be an absolute http(s) URL, e.g. https://inkwell.example.com",
  )
  .refine((value) => {
    const url = parsedUrl(value);
    return !url || (url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password);
  }, "must be the origin Inkwell is served at, without path, query or credentials");

// A sender as mail headers write it: "Name <address>" or a bare address.
const MAILBOX = /^(?:[^<>@]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

function readable(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** EHLO's default: APP_URL's host (an address as a literal); unset with APP_URL: nodemailer's (the machine's name). */
function heloName(appUrl: string | undefined): string | null {
  if (!appUrl) return null;
  const host = new URL(appUrl).hostname;
  if (/^[0-9.]+$/.test(host)) return `[${host}]`;
  if (host.startsWith("[")) return `[IPv6:${host.slice(1, -1)}]`;
  return host;
}

const httpUrl = z
  .string()
  .refine((value) => ["http:", "https:"].includes(parsedUrl(value)?.protocol ?? ""), "must be an absolute http(s) URL")
  .transform((value) => value.replace(/\/+$/, ""));

/** The variables, their defaults and their rules. Empty values count as unset. */
const Environment = z
  .object({
    DATABASE_URL: z
      .string()
      .default(DEFAULT_DATABASE_URL)
      .refine((v) => /^(file:|postgres(ql)?:\/\/)/i.test(v), 'must start with "file:" (SQLite) or "postgres://" / "postgresql://"'),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int()
      .min(1, "must be a port number")
      .max(65535, "must be a port number")
      .default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Proxies in front of Inkwell whose X-Forwarded-For is believed (lib/http/client-address.ts); 0: the connection's address. */
    TRUST_PROXY: nonNegativeInt(0),
    /** Signs dashboard sessions and other HMACs; `npm start` generates one into data/auth-secret when unset. */
    AUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * Secrets AUTH_SECRET held before a rotation, comma-separated, newest first: links, tokens and sealed
     * keys made with them still verify and open (lib/auth/keys.ts); nothing new is signed with them.
     */
    AUTH_SECRET_PREVIOUS: z
      .string()
      .refine((v) => v.split(",").every((s) => s.trim().length >= 16), "must be secrets of at least 16 characters, comma-separated")
      .optional(),
    /** The public origin of this deployment (links in emails, OAuth issuer, CSRF checks). */
    APP_URL: origin.optional(),
    RATE_LIMIT_PER_MINUTE: positiveInt(400),
    /** A person's dashboard session: requests per minute, counted apart from API keys and OAuth apps (lib/http/rate-limit.ts). */
    RATE_LIMIT_SESSION_PER_MINUTE: positiveInt(1200),
    RATE_LIMIT_RENDER_PER_MINUTE: positiveInt(40),
    RATE_LIMIT_TAGS_PER_MINUTE: positiveInt(60),
    RATE_LIMIT_ANALYTICS_PER_MINUTE: positiveInt(10),
    DATABASE_POOL_SIZE: positiveInt(10),
    INKWELL_WORKER: onOff("on"),
    INKWELL_DEMO_DATA: onOff("on"),
    EVENTS_MAX_ATTEMPTS: positiveInt(8),
    EVENTS_RETRY_BASE_MS: positiveInt(1000),
    EVENTS_SQLITE_SYNCHRONOUS: z.enum(["full", "normal"], { error: 'must be "full" or "normal"' }).default("full"),
    EVENTS_MAX_BATCH: positiveInt(500),
    EVENTS_BATCH_WINDOW_MS: nonNegativeInt(0),
    EVENTS_WORKER_BATCH: positiveInt(300),
    EVENTS_WORKER_IDLE_MS: positiveInt(200),
    EVENTS_CLAIM_LEASE_MS: positiveInt(60_000),
    EVENTS_DEBUG: onOff("off"),
    INKWELL_WAL_CHECKPOINTER: onOff("on"),
    V4_SUNSET_AT: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant, e.g. 2027-06-15T00:00:00Z" }).optional(),
    /** The mail server every email goes through; unset: emails land in the built-in outbox (dashboard → Outbox), nothing is delivered. */
    SMTP_HOST: z
      .string()
      .max(255)
      .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, "must be a host name or address, e.g. smtp.example.com")
      .optional(),
    SMTP_PORT: z.coerce
      .number({ error: "must be a port number" })
      .int()
      .min(1, "must be a port number")
      .max(65535, "must be a port number")
      .default(587),
    /** starttls: upgrade the connection and refuse to send without TLS; tls: TLS from the start (port 465); none: a local relay without TLS */
    SMTP_TLS: z.enum(["starttls", "tls", "none"], { error: 'must be "starttls", "tls" or "none"' }).default("starttls"),
    /** PEM certificate authorities trusted for SMTP_HOST's TLS, besides the ones Node trusts (a relay with its own CA). */
    SMTP_TLS_CA_FILE: z
      .string()
      .max(4096)
      .refine((file) => readable(file)?.includes("-----BEGIN CERTIFICATE-----") ?? false, "must be a readable PEM file of certificates")
      .optional(),
    /** The name Inkwell gives in EHLO; default: APP_URL's host name (the machine's own name when APP_URL is unset). */
    SMTP_HELO_NAME: z
      .string()
      .max(255)
      .regex(
        /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[[0-9a-fA-F:.]+\]$/,
        "must be a host name or an address literal, e.g. mail.example.com",
      )
      .optional(),
    SMTP_USER: z.string().max(255).optional(),
    SMTP_PASSWORD: z.string().max(1000).optional(),
    SMTP_FROM: z.string().max(320).regex(MAILBOX, 'must be an address, e.g. "Acme <news@acme.com>" or news@acme.com').optional(),
    /**
     * on: brands may send campaigns and automations from SMTP_FROM's address (under the brand's own name);
     * off (default): only Inkwell's own emails (test sends, sender confirmations) come from it.
     */
    SMTP_FROM_SHARED: onOff("off"),
    TEST_SEND_PER_HOUR: positiveInt(20),
    /** Signup forms' confirmation emails per minute per brand at most (lib/forms/lane.ts); more wait in the queue. */
    FORMS_CONFIRMATIONS_PER_MINUTE: positiveInt(60),
    /** Where uploaded images are kept: a folder served by Inkwell (local) or an S3-compatible bucket (s3). */
    IMAGES_STORAGE: z.enum(["local", "s3"], { error: 'must be "local" or "s3"' }).default("local"),
    /** The folder of local image storage (relative to the working directory). */
    IMAGES_DIR: z.string().default("./data/images"),
    /** Upload by URL: how long fetching the image may take. */
    IMAGES_FETCH_TIMEOUT_MS: positiveInt(10_000),
    /**
     * Upload by URL: host names (comma-separated, e.g. an internal CDN) that may resolve to private or
     * loopback addresses. Empty by default: only public addresses are fetched (SSRF protection).
     */
    IMAGES_FETCH_ALLOWED_HOSTS: z.string().default(""),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("us-east-1"),
    /** An S3-compatible service's endpoint (MinIO, R2, ...); unset for AWS S3. */
    S3_ENDPOINT: httpUrl.optional(),
    /** Static credentials; unset: the AWS SDK's default chain (environment, profile, instance role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: onOff("off"),
    /** Public base URL of the bucket's objects (a CDN, say); default: the bucket's own URL. */
    S3_PUBLIC_URL: httpUrl.optional(),
    /** Batches the worker processes at once (each up to 100 items). */
    BATCHES_WORKER_CONCURRENCY: positiveInt(4),
    /** Enrollments the automations worker claims at a time. */
    AUTOMATIONS_WORKER_BATCH: positiveInt(500),
    /** How long the automations worker waits when nothing is due. */
    AUTOMATIONS_WORKER_IDLE_MS: positiveInt(500),
    /** Processing attempts of an enrollment's step before it ends as failed. */
    AUTOMATIONS_MAX_ATTEMPTS: positiveInt(8),
    /** First retry delay of a failed step (doubles each attempt, at most an hour). */
    AUTOMATIONS_RETRY_BASE_MS: positiveInt(5000),
    /** Webhook blocks: how long a receiver may take to answer. */
    AUTOMATIONS_WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
    /** Webhook blocks: host names that may resolve to private or loopback addresses (and may use http); others must be public https. */
    AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
    /** How old a segment's kept size may get before the workers count it again (lib/segments/segment-counts.ts). */
    SEGMENT_SIZE_MAX_AGE_SECONDS: positiveInt(3600),
    /** The most the worker thread's JavaScript heap (old generation) grows to before V8 collects it, in MB. */
    WORKER_HEAP_MB: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(64, "must be at least 64")
      .default(160),
    /** SMTP connections each process keeps open to SMTP_HOST (nodemailer's pool). */
    SMTP_POOL_CONNECTIONS: positiveInt(4),
    /** Messages per second each process hands to SMTP_HOST at most; 0: no cap. */
    SMTP_RATE_PER_SECOND: nonNegativeInt(0),
    /** A DKIM private key (PEM file) for senders whose domain has no key of Inkwell's; with DKIM_SELECTOR and DKIM_DOMAIN. */
    DKIM_PRIVATE_KEY_FILE: z.string().max(4096).optional(),
    DKIM_SELECTOR: z
      .string()
      .max(63)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "must be a DNS label, e.g. mail2026")
      .optional(),
    DKIM_DOMAIN: z
      .string()
      .max(253)
      .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, "must be a domain name, e.g. acme.com")
      .optional(),
    /** Messages a delivery worker claims at a time. */
    DELIVERY_WORKER_BATCH: positiveInt(200),
    /** How long a claimed message stays with its worker before another may take it. */
    DELIVERY_CLAIM_LEASE_MS: positiveInt(60_000),
    /** Attempts at a message answered with a temporary error (4xx) before it fails as a soft bounce. */
    DELIVERY_MAX_ATTEMPTS: positiveInt(6),
    /** First retry delay of a temporarily refused message (doubles each attempt, at most an hour). */
    DELIVERY_RETRY_BASE_MS: positiveInt(60_000),
    /** A source (a campaign, an automation) pauses when its bounce rate passes this share of its sent messages. */
    DELIVERY_PAUSE_BOUNCE_RATE: rate(0.1),
    /** ... or when its complaint rate (complaints / delivered: lib/delivery/figures.ts) passes this share. */
    DELIVERY_PAUSE_COMPLAINT_RATE: rate(0.005),
    /** The rates above are judged once a source has sent at least this many messages. */
    DELIVERY_PAUSE_MIN_SENT: positiveInt(100),
    /** Messages of a brand whose rendered HTML and text the built-in outbox keeps (the records stay). */
    OUTBOX_KEEP_PER_BRAND: positiveInt(1000),
    /** DNS servers for checking sending domains and signup addresses' domains ("ip" or "ip:port", comma-separated); unset: the system's. */
    DNS_RESOLVER: z
      .string()
      .max(500)
      .regex(/^\s*[0-9A-Fa-f.:\[\]]+(\s*,\s*[0-9A-Fa-f.:\[\]]+)*\s*$/, 'must be addresses, e.g. "1.1.1.1" or "127.0.0.1:5353"')
      .optional(),
    /** Signup forms' proof-of-work (lib/forms/firewall/challenge.ts): the largest number a challenge hides (work grows with it). */
    FORMS_CHALLENGE_MAX_NUMBER: positiveInt(100_000),
    /** ... and how long a challenge may be solved and posted, in seconds (each solution is taken once). */
    FORMS_CHALLENGE_EXPIRES_SECONDS: positiveInt(1200),
    /** Signup submissions per hour to one brand's forms from one IP address (lib/forms/firewall/limits.ts). */
    FORMS_SIGNUPS_PER_IP_PER_HOUR: positiveInt(10),
    /** ... from one network (an IPv4 /24 or an IPv6 /56). */
    FORMS_SIGNUPS_PER_NETWORK_PER_HOUR: positiveInt(50),
    /** ... for addresses of one domain (gmail.com, acme.com): list bombing aims at a domain's mailboxes. */
    FORMS_SIGNUPS_PER_DOMAIN_PER_HOUR: positiveInt(300),
    /** What the SPF record of a sending domain must include (your mail server's SPF, e.g. amazonses.com). */
    SPF_INCLUDE: z
      .string()
      .max(253)
      .regex(/^[A-Za-z0-9._-]+$/, "must be a domain name, e.g. amazonses.com")
      .optional(),
    /**
     * A mailbox Inkwell polls for mail that comes back (bounce notices, complaints, unsubscribe mail):
     * imap://user:password@host:port/INBOX or imaps://...; unset: no polling.
     */
    INBOUND_IMAP_URL: z
      .string()
      .max(2000)
      .refine((v) => {
        const url = parsedUrl(v);
        return !!url && ["imap:", "imaps:"].includes(url.protocol) && !!url.hostname && !!url.username && !!url.password;
      }, "must be imap:// or imaps:// with a user and password, e.g. imaps://bounces:secret@imap.acme.com/INBOX")
      .optional(),
    /** How long the IMAP poller rests between polls of INBOUND_IMAP_URL's mailbox. */
    INBOUND_IMAP_POLL_SECONDS: positiveInt(30),
    /** Where List-Unsubscribe's mailto: points (mail you process); unset: the message's reply-to or sender address. */
    LIST_UNSUBSCRIBE_MAILTO: z.email("must be an email address").max(254).optional(),
    /**
     * Mail that comes back (lib/inbound, docs/delivery.md "Running your own mail server"): when set, every
     * message's envelope sender is a signed per-message address on this domain (VERP), and the domain's mail
     * (MX) reaches Inkwell; unset: the envelope sender is the From address, as before.
     */
    RETURN_PATH_DOMAIN: z
      .string()
      .max(253)
      .regex(/^(?=.*\.)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "must be a domain name, e.g. bounces.example.com")
      .transform((v) => v.toLowerCase())
      .optional(),
    /** The inbound SMTP listener (smtp-server) for the return-path domains; unset: no listener. */
    INBOUND_SMTP_PORT: z.coerce
      .number({ error: "must be a port number" })
      .int()
      .min(1, "must be a port number")
      .max(65535, "must be a port number")
      .optional(),
    INBOUND_SMTP_HOST: z.string().max(255).default("127.0.0.1"),
    /** The inbound listener's largest message, in bytes (bounce notices carry the original's headers, not more). */
    INBOUND_MAX_BYTES: positiveInt(2 * 1024 * 1024),
    /** Messages one client address may hand the inbound listener per minute. */
    INBOUND_RATE_PER_MINUTE: positiveInt(6000),
    /** PEM files of the inbound listener's certificate and key: STARTTLS is offered when both are set. */
    INBOUND_TLS_CERT_FILE: z.string().max(4096).optional(),
    INBOUND_TLS_KEY_FILE: z.string().max(4096).optional(),
    /**
     * Provider webhooks (SES/SNS, SendGrid): how old (or how far ahead) a signed message's timestamp may be,
     * in seconds. An older signature is refused, so a captured request cannot be replayed later.
     */
    WEBHOOK_MAX_AGE_SECONDS: positiveInt(300),
    /** Amazon SES through SNS: topic ARNs accepted (comma-separated); unset: the topics whose subscription Inkwell confirmed. */
    SES_SNS_TOPIC_ARNS: z.string().max(4000).optional(),
    /** Extra URL prefixes an SNS SigningCertURL / SubscribeURL may have (comma-separated), besides AWS's own https hosts. */
    SNS_CERT_URL_PREFIXES: z.string().max(4000).optional(),
    /** The HTTP Basic password Postmark's bounce webhook sends; unset: the Postmark webhook is off. */
    POSTMARK_WEBHOOK_PASSWORD: z.string().min(16, "must be at least 16 characters").max(500).optional(),
    /** SendGrid's Event Webhook verification key (base64, as SendGrid shows it); unset: the SendGrid webhook is off. */
    SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().max(2000).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.IMAGES_STORAGE === "s3" && !env.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when IMAGES_STORAGE is s3" });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with the other S3 key",
      });
    }
    const dkim = { DKIM_PRIVATE_KEY_FILE: env.DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR: env.DKIM_SELECTOR, DKIM_DOMAIN: env.DKIM_DOMAIN };
    const givenDkim = Object.entries(dkim).filter(([, v]) => v);
    if (givenDkim.length > 0 && givenDkim.length < 3) {
      for (const [name] of Object.entries(dkim).filter(([, v]) => !v))
        ctx.addIssue({ code: "custom", path: [name], message: `must be set with ${givenDkim.map(([n]) => n).join(" and ")}` });
    }
    if (!env.INBOUND_TLS_CERT_FILE !== !env.INBOUND_TLS_KEY_FILE)
      ctx.addIssue({
        code: "custom",
        path: [env.INBOUND_TLS_CERT_FILE ? "INBOUND_TLS_KEY_FILE" : "INBOUND_TLS_CERT_FILE"],
        message: "must be set together with the other INBOUND_TLS_ file",
      });
    if (!!env.SMTP_USER !== !!env.SMTP_PASSWORD) {
      // Name the one that is missing and the one that was given: "SMTP_USER must be set when SMTP_PASSWORD is".
      const [missing, given] = env.SMTP_USER ? ["SMTP_PASSWORD", "SMTP_USER"] : ["SMTP_USER", "SMTP_PASSWORD"];
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `must be set when ${given} is (the mail server login needs both, or neither)`,
      });
    }
  });

/** Variables whose values never appear in an error message. */
const SECRETS = new Set([
  "AUTH_SECRET",
  "AUTH_SECRET_PREVIOUS",
  "DATABASE_URL",
  "SMTP_PASSWORD",
  "S3_SECRET_ACCESS_KEY",
  "POSTMARK_WEBHOOK_PASSWORD",
  "INBOUND_IMAP_URL",
]);

export type SmtpSettings = {
  host: string;
  port: number;
  tls: "starttls" | "tls" | "none";
  auth: { user: string; pass: string } | null;
  from: string;
  /** the EHLO name (null: nodemailer's default, the machine's name) */
  heloName: string | null;
  /** extra certificate authorities (SMTP_TLS_CA_FILE), or null */
  caFile: string | null;
};

export type Environment = z.output<typeof Environment>;

export type Config = Environment & {
  databaseKind: "sqlite" | "postgres";
  /** APP_URL's origin, or http://localhost:PORT when unset (what `npm start` serves on this machine). */
  appOrigin: string;
  /** The mail server every email goes through, or null: the built-in outbox. */
  smtp: SmtpSettings | null;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(Environment.shape)) {
    const value = env[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Parses an environment; throws a ConfigError whose message is one line naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = Environment.safeParse(withoutEmpty(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = SECRETS.has(name) ? `${String(env[name] ?? "").length} characters` : `"${String(env[name] ?? "").slice(0, 80)}"`;
      return `${name} ${issue.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const parsed = result.data;
  const appOrigin = parsed.APP_URL ? new URL(parsed.APP_URL).origin : `http://localhost:${parsed.PORT}`;
  return {
    ...parsed,
    databaseKind: /^postgres(ql)?:\/\//i.test(parsed.DATABASE_URL) ? "postgres" : "sqlite",
    appOrigin,
    smtp: parsed.SMTP_HOST
      ? {
          host: parsed.SMTP_HOST,
          port: parsed.SMTP_PORT,
          tls: parsed.SMTP_TLS,
          auth: parsed.SMTP_USER && parsed.SMTP_PASSWORD ? { user: parsed.SMTP_USER, pass: parsed.SMTP_PASSWORD } : null,
          from: parsed.SMTP_FROM ?? `Inkwell <no-reply@${new URL(appOrigin).hostname}>`,
          heloName: parsed.SMTP_HELO_NAME ?? heloName(parsed.APP_URL),
          caFile: parsed.SMTP_TLS_CA_FILE ?? null,
        }
      : null,
  };
}

let current: Config | undefined;

/** This process's configuration, read from the environment on first use. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** The signing secret; its absence is a deployment error (npm start always provides one). */
export function authSecret(): string {
  const secret = config().AUTH_SECRET;
  if (!secret) throw new ConfigError("AUTH_SECRET is not set: start Inkwell with `npm start`, or set AUTH_SECRET (32+ random characters)");
  return secret;
}

/** The secrets AUTH_SECRET held before (AUTH_SECRET_PREVIOUS), newest first: for verifying only. */
export function previousAuthSecrets(): string[] {
  return (config().AUTH_SECRET_PREVIOUS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
