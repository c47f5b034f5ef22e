// A private Dovecot IMAP server (Debian's dovecot-imapd) for one test: its own configuration, run and state
// folders under a temporary folder, an IMAP listener on a free loopback port, users from a passwd-file and
// a maildir each. append() puts a raw message into a mailbox as a mail server's delivery would. The
// system's Dovecot service is never touched.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "../api/setup/test-server";
import { DOVECOT_BIN, requireMailPackage, requireRoot } from "./mail-packages";
import { family, killAll, killOnExit, running, waitForAll, waitForExit, waitForPort } from "./processes";

export type Dovecot = {
  host: "127.0.0.1";
  port: number;
  /** the master process (its children are Dovecot's services) */
  pid: number;
  /** imap://user:password@127.0.0.1:port/INBOX */
  url(user?: string, mailbox?: string): string;
  /** appends a raw message to a user's mailbox (created when missing) */
  append(raw: string | Buffer, options?: { user?: string; mailbox?: string }): Promise<void>;
  /** the raw messages of a user's mailbox (null: the mailbox does not exist) */
  messages(options?: { user?: string; mailbox?: string }): Promise<{ raw: string; flags: string[] }[] | null>;
  /** a user's maildir on disk (to break it on purpose) */
  maildir(user?: string): string;
  log(): string;
  stop(): Promise<void>;
};

function account(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`the ${name} user is missing (Debian's dovecot-core package creates it)`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function config(dir: string, port: number): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = inkwell-test-${path.basename(dir)}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:~/Maildir
# The mailboxes belong to the dovecot system user (below 500, Dovecot's default floor).
first_valid_uid = 1
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

/**
 * Starts a private Dovecot with `users` (name → password; default inbox / "secret-password"). As Postfix's
 * harness does, it tries another free port (three times) when another test took the one it was given.
 */
export async function startDovecot(users: Record<string, string> = { inbox: "secret-password" }): Promise<Dovecot> {
  requireMailPackage("dovecot");
  requireRoot("the Dovecot harness");
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(users, await freePort());
    } catch (error) {
      if (!/Address already in use/.test((error as Error).message) || attempt === 3) throw error;
    }
  }
}

async function startOn(users: Record<string, string>, port: number): Promise<Dovecot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-dovecot-"));
  fs.chmodSync(dir, 0o755);
  const mail = account("dovecot");
  for (const sub of ["run", "state", "home"]) fs.mkdirSync(path.join(dir, sub), { mode: 0o755 });
  fs.chownSync(path.join(dir, "home"), mail.uid, mail.gid);
  const conf = path.join(dir, "dovecot.conf");
  fs.writeFileSync(conf, config(dir, port));
  fs.writeFileSync(
    path.join(dir, "users"),
    Object.entries(users)
      .map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`)
      .join(""),
  );
  const pidFile = path.join(dir, "run", "master.pid");
  const readPid = () => {
    try {
      return Number(fs.readFileSync(pidFile, "utf8").trim()) || null;
    } catch {
      return null;
    }
  };
  const readLog = () => {
    try {
      return fs.readFileSync(path.join(dir, "dovecot.log"), "utf8");
    } catch {
      return "";
    }
  };
  let stopped = false;
  const kill = () => {
    const pid = readPid();
    if (pid)
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
  };
  const forget = killOnExit(() => {
    if (stopped) return;
    kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  try {
    // Its output goes to a file: the daemon keeps the descriptors it was given, and a pipe would never close.
    const out = fs.openSync(path.join(dir, "start.log"), "w");
    try {
      execFileSync(DOVECOT_BIN, ["-c", conf], { stdio: ["ignore", out, out], timeout: 30_000 });
    } finally {
      fs.closeSync(out);
    }
    await waitForPort(port, 15_000);
    // As with Postfix: a pid of 0 would make "its processes" every process of the machine.
    for (const deadline = Date.now() + 15_000; !readPid(); await new Promise((r) => setTimeout(r, 50)))
      if (Date.now() > deadline) throw new Error("the master wrote no pid file");
  } catch (error) {
    stopped = true;
    kill();
    forget();
    const log = readLog() + (fs.existsSync(path.join(dir, "start.log")) ? fs.readFileSync(path.join(dir, "start.log"), "utf8") : "");
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Dovecot did not start: ${(error as Error).message}\n${log}`);
  }
  const [firstUser] = Object.keys(users);
  const connect = async (user: string) => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: users[user] }, logger: false });
    await client.connect();
    return client;
  };
  return {
    host: "127.0.0.1",
    port,
    pid: readPid()!,
    url: (user = firstUser, mailbox = "INBOX") =>
      `imap://${encodeURIComponent(user)}:${encodeURIComponent(users[user])}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`,
    async append(raw, options = {}) {
      const client = await connect(options.user ?? firstUser);
      try {
        const mailbox = options.mailbox ?? "INBOX";
        if (mailbox !== "INBOX") await client.mailboxCreate(mailbox).catch(() => {});
        await client.append(mailbox, raw);
      } finally {
        await client.logout();
      }
    },
    async messages(options = {}) {
      const client = await connect(options.user ?? firstUser);
      try {
        const mailbox = options.mailbox ?? "INBOX";
        const list = await client.list();
        if (!list.some((m) => m.path === mailbox)) return null;
        const lock = await client.getMailboxLock(mailbox, { readOnly: true });
        try {
          const out: { raw: string; flags: string[] }[] = [];
          if ((client.mailbox && client.mailbox.exists) === 0) return out;
          for await (const m of client.fetch("1:*", { source: true, flags: true }))
            out.push({ raw: m.source?.toString("utf8") ?? "", flags: [...(m.flags ?? [])] });
          return out;
        } finally {
          lock.release();
        }
      } finally {
        await client.logout();
      }
    },
    maildir: (user = firstUser) => path.join(dir, "home", user, "Maildir"),
    log: readLog,
    async stop() {
      if (stopped) return;
      stopped = true;
      const pid = readPid();
      const pids = pid ? family(pid) : [];
      if (pid) {
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          /* gone */
        }
        if (!(await waitForExit(pid, 15_000))) kill();
      }
      if (!(await waitForAll(pids, 10_000))) killAll(running(pids));
      forget();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
