// A private Postfix (Debian's package) for one test: its own config, queue and data directories under a
// temporary folder, an SMTP listener on a free loopback port, `postfix -c <dir> start` / `stop`. It relays
// for 127.0.0.0/8 (Inkwell, as a self-hoster's relay does), routes chosen domains to the test's own SMTP
// servers through transport_maps, and has one local domain with known users (a maildir each) whose unknown
// users are accepted and then bounced, as a mail server behind a relay does. Timings are short, so bounce
// and delay notices come back in seconds. The system's Postfix service is never touched.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../api/setup/test-server";
import { POSTFIX_BIN, requireMailPackage, requireRoot } from "./mail-packages";
import { family, killAll, killOnExit, running, waitForAll, waitForExit, waitForPort } from "./processes";

export type PostfixOptions = {
  /** domain → loopback port of an SMTP server the test runs (mail to the domain is relayed there) */
  routes?: Record<string, number>;
  /** domain (or address) → a transport of master.cf, e.g. "inkwell:" for a pipe service given in `master` */
  transports?: Record<string, string>;
  /** the domain Postfix delivers itself, into a maildir per known user (default "local.test") */
  localDomain?: string;
  /** local parts of `localDomain` that exist (default ["known"]); any other is accepted, then bounced */
  localUsers?: string[];
  /** addresses Postfix itself refuses at RCPT with 550 (as a relay that knows its users does) */
  refuse?: string[];
  /** STARTTLS on the listener with this certificate and key (PEM files) */
  tls?: { certFile: string; keyFile: string };
  /** the name Postfix greets with and signs its notices with (default "mx.postfix.test") */
  hostname?: string;
  /** the listener's loopback port (default: a free one) */
  port?: number;
  /** extra main.cf lines, and master.cf lines (e.g. a pipe transport) */
  main?: Record<string, string>;
  master?: string[];
};

export type Postfix = {
  host: "127.0.0.1";
  port: number;
  hostname: string;
  dir: string;
  /** the master process (its children are Postfix's daemons) */
  pid: number;
  /** raw messages delivered to a local user's maildir */
  mailbox(user: string): string[];
  /** Postfix's log (maillog_file) so far */
  log(): string;
  stop(): Promise<void>;
};

function postfixUid(): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postfix:"));
  if (!line) throw new Error("the postfix user is missing (Debian's postfix package creates it)");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function mainCf(
  dir: string,
  port: number,
  options: Required<Pick<PostfixOptions, "localDomain" | "localUsers" | "hostname">> & PostfixOptions,
) {
  const { uid } = postfixUid();
  const settings: Record<string, string> = {
    compatibility_level: "3.6",
    config_directory: path.join(dir, "etc"),
    queue_directory: path.join(dir, "queue"),
    data_directory: path.join(dir, "data"),
    mail_owner: "postfix",
    setgid_group: "postdrop",
    maillog_file: path.join(dir, "maillog"),
    // Postfix writes its log only under these prefixes (else it refuses to start, silently).
    maillog_file_prefixes: dir,
    myhostname: options.hostname,
    mydomain: "postfix.test",
    myorigin: "$myhostname",
    mydestination: "",
    inet_interfaces: "127.0.0.1",
    inet_protocols: "ipv4",
    mynetworks: "127.0.0.0/8",
    smtpd_relay_restrictions: "permit_mynetworks, reject_unauth_destination",
    smtpd_recipient_restrictions: `check_recipient_access texthash:${path.join(dir, "etc", "refused")}`,
    // Unknown local users are accepted and bounced later (a notice to the envelope sender), as behind a relay.
    smtpd_reject_unlisted_recipient: "no",
    virtual_mailbox_domains: options.localDomain,
    virtual_mailbox_maps: `texthash:${path.join(dir, "etc", "mailboxes")}`,
    virtual_mailbox_base: path.join(dir, "mail"),
    virtual_minimum_uid: "1",
    virtual_uid_maps: `static:${uid}`,
    virtual_gid_maps: `static:${uid}`,
    transport_maps: `texthash:${path.join(dir, "etc", "transport")}`,
    // Every other domain bounces at once rather than waiting on DNS that this machine may not have.
    default_transport: "error:5.4.4 no route to this domain in the test's Postfix",
    smtp_dns_support_level: "disabled",
    smtp_host_lookup: "native",
    smtp_tls_security_level: "none",
    // Seconds, not hours: a temporary refusal is tried again within a second or two, a delay notice goes
    // out after 2 s, and a message still refused after 20 s bounces.
    queue_run_delay: "1s",
    minimal_backoff_time: "1s",
    maximal_backoff_time: "2s",
    maximal_queue_lifetime: "20s",
    bounce_queue_lifetime: "20s",
    delay_warning_time: "2s",
    smtp_connect_timeout: "5s",
    biff: "no",
    alias_maps: "",
    alias_database: "",
    append_dot_mydomain: "no",
    readme_directory: "no",
    ...(options.tls
      ? {
          smtpd_tls_cert_file: options.tls.certFile,
          smtpd_tls_key_file: options.tls.keyFile,
          smtpd_tls_security_level: "may",
          smtpd_tls_loglevel: "1",
        }
      : { smtpd_tls_security_level: "none" }),
    ...options.main,
  };
  void port;
  return Object.entries(settings)
    .map(([k, v]) => `${k} = ${v}`)
    .join("\n");
}

function masterCf(port: number, extra: string[] = []): string {
  // Debian's master.cf without chroot (a chroot would need copies of /etc files under each queue folder).
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    "pickup unix n - n 60 1 pickup",
    "cleanup unix n - n - 0 cleanup",
    "qmgr unix n - n 300 1 qmgr",
    "tlsmgr unix - - n 1000? 1 tlsmgr",
    "rewrite unix - - n - - trivial-rewrite",
    "bounce unix - - n - 0 bounce",
    "defer unix - - n - 0 bounce",
    "trace unix - - n - 0 bounce",
    "verify unix - - n - 1 verify",
    "flush unix n - n 1000? 0 flush",
    "proxymap unix - - n - - proxymap",
    "proxywrite unix - - n - 1 proxymap",
    "smtp unix - - n - - smtp",
    "relay unix - - n - - smtp",
    "showq unix n - n - - showq",
    "error unix - - n - - error",
    "retry unix - - n - - error",
    "discard unix - - n - - discard",
    "local unix - n n - - local",
    "virtual unix - n n - - virtual",
    "anvil unix - - n - 1 anvil",
    "scache unix - - n - 1 scache",
    "postlog unix-dgram n - n - 1 postlogd",
    ...extra,
  ];
  return services.join("\n") + "\n";
}

const postfix = (dir: string, ...args: string[]) =>
  execFileSync(POSTFIX_BIN, ["-c", path.join(dir, "etc"), ...args], { stdio: "pipe", timeout: 30_000 }).toString();

/**
 * Starts a private Postfix; stop() (and this process's exit, whatever the test did) stops it. A free port
 * can be taken by another test file between freePort() and the master's bind (a CI run met "bind ...:
 * Address already in use"): without a port of the test's own, it tries another free port, three times.
 */
export async function startPostfix(options: PostfixOptions = {}): Promise<Postfix> {
  requireMailPackage("postfix");
  requireRoot("the Postfix harness");
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(options, options.port ?? (await freePort()));
    } catch (error) {
      const taken = /Address already in use/.test((error as Error).message);
      if (!taken || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOn(options: PostfixOptions, port: number): Promise<Postfix> {
  const hostname = options.hostname ?? "mx.postfix.test";
  const localDomain = options.localDomain ?? "local.test";
  const localUsers = options.localUsers ?? ["known"];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-postfix-"));
  // The daemons run as the postfix user and reach the data and mail folders by their absolute paths.
  fs.chmodSync(dir, 0o755);
  const { uid, gid } = postfixUid();
  for (const sub of ["etc", "queue"]) fs.mkdirSync(path.join(dir, sub), { mode: 0o755 });
  for (const sub of ["data", "mail"]) {
    fs.mkdirSync(path.join(dir, sub), { mode: 0o700 });
    fs.chownSync(path.join(dir, sub), uid, gid);
  }
  const etc = path.join(dir, "etc");
  fs.writeFileSync(path.join(etc, "main.cf"), mainCf(dir, port, { ...options, hostname, localDomain, localUsers }) + "\n");
  fs.writeFileSync(path.join(etc, "master.cf"), masterCf(port, options.master));
  fs.writeFileSync(path.join(etc, "mailboxes"), localUsers.map((u) => `${u}@${localDomain} ${u}/\n`).join(""));
  fs.writeFileSync(path.join(etc, "refused"), (options.refuse ?? []).map((a) => `${a} REJECT 5.1.1 User unknown\n`).join(""));
  fs.writeFileSync(
    path.join(etc, "transport"),
    [
      ...Object.entries(options.routes ?? {}).map(([domain, p]) => `${domain} smtp:[127.0.0.1]:${p}\n`),
      ...Object.entries(options.transports ?? {}).map(([domain, transport]) => `${domain} ${transport}\n`),
    ].join(""),
  );
  let stopped = false;
  const forget = killOnExit(() => {
    if (stopped) return;
    abort(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  try {
    postfix(dir, "start");
    await waitForPort(port, 15_000);
    // The master writes its pid file after it listens: a loaded machine can be asked for it in between, and a
    // pid of 0 would make "its processes" every process of the machine.
    if (!(await waitForMasterPid(dir, 15_000))) throw new Error("the master wrote no pid file");
  } catch (error) {
    stopped = true;
    abort(dir);
    forget();
    const log = readLog(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
    throw new Error(`Postfix did not start: ${(error as Error).message}\n${stderr}\n${log}`);
  }
  return {
    host: "127.0.0.1",
    port,
    hostname,
    dir,
    pid: masterPid(dir)!,
    mailbox(user) {
      const folder = path.join(dir, "mail", user, "new");
      if (!fs.existsSync(folder)) return [];
      return fs
        .readdirSync(folder)
        .sort()
        .map((f) => fs.readFileSync(path.join(folder, f), "utf8"));
    },
    log: () => readLog(dir),
    async stop() {
      if (stopped) return;
      stopped = true;
      const pid = masterPid(dir);
      const pids = pid ? family(pid) : [];
      try {
        postfix(dir, "stop");
      } catch {
        abort(dir);
      }
      if (pid && !(await waitForExit(pid, 15_000))) {
        abort(dir);
        await waitForExit(pid, 5_000);
      }
      // The daemons end when the master tells them (or notices it is gone): leave none behind.
      if (!(await waitForAll(pids, 10_000))) killAll(running(pids));
      forget();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, "maillog"), "utf8");
  } catch {
    return "";
  }
}

function masterPid(dir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dir, "queue", "pid", "master.pid"), "utf8").trim()) || null;
  } catch {
    return null;
  }
}

/** Stops the master at once and its children with it (the exit path: synchronous, never throws). */
function abort(dir: string): void {
  const pid = masterPid(dir);
  try {
    postfix(dir, "abort");
  } catch {
    /* not running, or its configuration is gone */
  }
  if (pid) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
}

async function waitForMasterPid(dir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!masterPid(dir)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
