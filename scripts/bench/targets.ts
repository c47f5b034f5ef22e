// Speed targets as ratios to a baseline measured in the same run, on the same machine (issue 42): an
// absolute rate on a shared 2-core machine moves with the machine, a ratio of two figures of one run much
// less. A bench records its checks, prints them FIRST in its summary (the number a person reads first),
// and exits non-zero when one is missed (runBench reads process.exitCode).
import fs from "node:fs";
import { childrenOf } from "./crash-scenario";

export type Check = { label: string; value: number; target: number; atMost?: boolean; unit?: string; detail?: string };

const checks: Check[] = [];

/** Met when the figure is a number within the target: at most (<=) or at least (>=) it, as the docs state. */
export const met = (c: Check) => Number.isFinite(c.value) && (c.atMost ? c.value <= c.target : c.value >= c.target);
const shown = (c: Check) => `${c.value.toFixed(c.unit ? 1 : 2)}${c.unit ?? ""}`;
const bound = (c: Check) => `target ${c.atMost ? "<=" : ">="} ${c.target}${c.unit ?? ""}`;

/** A rate only of a run that finished: one cut off at its time limit has none (NaN: its checks are missed). */
export const finishedRate = (done: number, seconds: number, left: number) => (left > 0 ? Number.NaN : done / seconds);

/** Every event answered 202 is in the database: a check like the ratios, so the summary counts it. */
export const everyAcceptedStored = (label: string, stored: number, accepted: number): Check => ({
  label: `${label}: events answered 202 but not stored`,
  value: accepted - stored,
  target: 0,
  atMost: true,
  detail: `${stored} rows for ${accepted} accepted`,
});

/** Records a check and prints it at once, leading with its figure. */
export function check(c: Check): void {
  checks.push(c);
  console.log(`${met(c) ? "MET   " : "MISSED"} ${shown(c)} ${c.label} (${bound(c)})${c.detail ? `; ${c.detail}` : ""}`);
}

/** The summary: every check, ratios first; sets a failing exit code when one is missed. */
export function verdict(): void {
  const missed = checks.filter((c) => !met(c));
  console.log(`\n=== ${missed.length === 0 ? "ALL TARGETS MET" : `${missed.length} OF ${checks.length} TARGETS MISSED`} ===`);
  // The ratios (at-least targets) lead, then the bounds (p99, stored, pending), each in the order judged.
  const ordered = [...checks.filter((c) => !c.atMost), ...checks.filter((c) => c.atMost)];
  for (const c of ordered) console.log(`${met(c) ? "MET   " : "MISSED"} ${shown(c)} ${c.label} (${bound(c)})`);
  if (missed.length > 0) process.exitCode = 1;
}

/** A number of `/proc/<pid>/…` of a process and all its descendants, combined. */
function processTree(pid: number, read: (pid: number) => number, combine: (a: number, b: number) => number): number {
  let value = 0;
  try {
    value = read(pid);
  } catch {
    /* gone */
  }
  return childrenOf(pid).reduce((acc, child) => combine(acc, processTree(child, read, combine)), value);
}

/** Resident memory of a server: the launcher's largest descendant (its node child is the server). */
export const serverRss = (pid: number) =>
  processTree(pid, (p) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024, Math.max);

/**
 * CPU time (ms) of a server's processes, all their threads (utime + stime, ticks of 1/100 s): per
 * operation, this holds under the machine's load where wall-clock rates do not.
 */
export const serverCpuMs = (pid: number) =>
  processTree(
    pid,
    (p) => {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    (a, b) => a + b,
  );
