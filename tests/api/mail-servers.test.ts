// The private mail servers the inbound-mail tests start (tests/support/postfix.ts, dovecot.ts): each starts
// on its own loopback port and stops with every process it started, and a test process that dies without
// stopping them (an uncaught error) takes them down with it: nothing is left behind on the machine.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startDovecot } from "../support/dovecot";
import { startPostfix } from "../support/postfix";
import { family, running } from "../support/processes";

const root = path.resolve(import.meta.dirname, "../..");

/** The size of the process's family once it exceeds one, or after 10 s, whatever it then is. */
async function familyOfMoreThanOne(pid: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (family(pid).length <= 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return family(pid).length;
}

describe("the private mail servers", { timeout: 60_000 }, () => {
  it("Postfix and Dovecot start on loopback ports and stop with all their processes and files", async () => {
    const [postfix, dovecot] = await Promise.all([startPostfix(), startDovecot()]);
    // The master and its daemons: a master may listen a moment before it has started its daemons
    // (seen once under CI's load), so the test waits for them rather than sampling once.
    expect(await familyOfMoreThanOne(postfix.pid)).toBeGreaterThan(1);
    expect(await familyOfMoreThanOne(dovecot.pid)).toBeGreaterThan(1);
    const pids = [...family(postfix.pid), ...family(dovecot.pid)];
    expect(postfix.port).not.toBe(dovecot.port);
    await Promise.all([postfix.stop(), dovecot.stop()]);
    expect(running(pids)).toEqual([]);
    expect(fs.existsSync(postfix.dir)).toBe(false);
  });

  it("are stopped when the test process dies without stopping them", () => {
    const script = `
      const { startPostfix } = await import(${JSON.stringify(path.join(root, "tests/support/postfix.ts"))});
      const { startDovecot } = await import(${JSON.stringify(path.join(root, "tests/support/dovecot.ts"))});
      const [p, d] = await Promise.all([startPostfix(), startDovecot()]);
      console.log(JSON.stringify({ postfix: p.pid, dovecot: d.pid, dir: p.dir }));
      throw new Error("a test failed without its cleanup");
    `;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-harness-")), "dies.mts");
    fs.writeFileSync(file, script);
    const child = spawnSync(path.join(root, "node_modules/.bin/tsx"), [file], { cwd: root, encoding: "utf8", timeout: 50_000 });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(child.status, child.stderr).not.toBe(0);
    expect(child.stderr).toContain("a test failed without its cleanup");
    const started = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as { postfix: number; dovecot: number; dir: string };
    expect(started.postfix).toBeGreaterThan(0);
    expect(running([started.postfix, started.dovecot])).toEqual([]);
    expect(fs.existsSync(started.dir)).toBe(false);
  });
});
