// Debian's mail servers the inbound-mail tests start privately (tests/support/postfix.ts, dovecot.ts). When
// one is missing, the test stops with the command that installs it (as `npm test` does for Chromium and
// PostgreSQL, scripts/test.ts); .ci/run installs both.
import fs from "node:fs";

export const POSTFIX_BIN = "/usr/sbin/postfix";
export const DOVECOT_BIN = "/usr/sbin/dovecot";

const PACKAGES = { postfix: { bin: POSTFIX_BIN, apt: "postfix" }, dovecot: { bin: DOVECOT_BIN, apt: "dovecot-imapd" } } as const;

/** The apt-get command that installs a mail server's package ("postfix" or "dovecot"). */
export function installCommand(name: keyof typeof PACKAGES): string {
  const apt = PACKAGES[name].apt;
  const preseed = name === "postfix" ? `echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections && ` : "";
  return `${preseed}apt-get update && apt-get install -y ${apt}`;
}

/** Throws, naming the exact apt-get command, when the package's binary is not installed. */
export function requireMailPackage(name: keyof typeof PACKAGES): void {
  if (fs.existsSync(PACKAGES[name].bin)) return;
  throw new Error(`${PACKAGES[name].bin} is missing: install Debian's ${PACKAGES[name].apt} package (as root):\n  ${installCommand(name)}`);
}

/** Postfix and Dovecot's master processes start as root and drop privileges themselves. */
export function requireRoot(what: string): void {
  if (process.getuid?.() !== 0)
    throw new Error(`${what} starts a private mail server, which needs root (its master process drops privileges)`);
}
