// A certificate authority of the test's own, made with the openssl CLI: a mail server's certificate signed
// by it is trusted only by a client told to (SMTP_TLS_CA_FILE), and its names are the test's choice.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TestCa = {
  /** the authority's certificate (PEM) */
  caFile: string;
  /** a server certificate and key signed by the authority, for these DNS names and IP addresses */
  issue(name: string, alt: { dns?: string[]; ip?: string[] }): { certFile: string; keyFile: string };
  remove(): void;
};

const openssl = (cwd: string, ...args: string[]) => execFileSync("openssl", args, { cwd, stdio: "pipe" });

export function makeTestCa(): TestCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-ca-"));
  // Postfix's smtpd reads the key as the postfix user after start: readable folder, files 0644.
  fs.chmodSync(dir, 0o755);
  openssl(
    dir,
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Inkwell Test CA",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
  );
  return {
    caFile: path.join(dir, "ca.pem"),
    issue(name, alt) {
      const san = [...(alt.dns ?? []).map((d) => `DNS:${d}`), ...(alt.ip ?? []).map((i) => `IP:${i}`)].join(",");
      fs.writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
      openssl(
        dir,
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        `/CN=${alt.dns?.[0] ?? alt.ip?.[0] ?? name}`,
        "-keyout",
        `${name}.key`,
        "-out",
        `${name}.csr`,
      );
      openssl(
        dir,
        "x509",
        "-req",
        "-in",
        `${name}.csr`,
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        `${name}.ext`,
        "-out",
        `${name}.pem`,
      );
      fs.chmodSync(path.join(dir, `${name}.key`), 0o644);
      return { certFile: path.join(dir, `${name}.pem`), keyFile: path.join(dir, `${name}.key`) };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
