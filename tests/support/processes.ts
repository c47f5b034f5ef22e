// What the mail-server harnesses share: wait for a port or a process, and stop what a test started when
// its process ends without the test's own cleanup (a failed hook, an interrupted run).
import fs from "node:fs";
import net from "node:net";

const onExit = new Set<() => void>();
let hooked = false;

/** Runs `stop` (synchronously) when this process exits; the returned function forgets it. */
export function killOnExit(stop: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const s of onExit) s();
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.once(signal, () => {
        for (const s of onExit) s();
        process.exit(130);
      });
  }
  onExit.add(stop);
  return () => onExit.delete(stop);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process ended within `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process and its living descendants, from /proc (Linux). */
export function family(pid: number): number[] {
  if (!(pid > 0)) throw new Error(`family(${pid}): not a process id`);
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    const stat = procStat(Number(entry));
    if (stat && stat.state !== "Z") parents.set(Number(entry), stat.parent);
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [child, parent] of parents) if (parent === out[i]) out.push(child);
  return out.filter((p) => parents.has(p));
}

/** Those of `pids` still running (a zombie waiting for its parent to collect it runs nothing). */
export function running(pids: number[]): number[] {
  return pids.filter((p) => {
    const stat = procStat(p);
    return stat !== null && stat.state !== "Z";
  });
}

/** Waits until none of `pids` runs; false when some still do after `timeoutMs`. */
export async function waitForAll(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (running(pids).length > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

function procStat(pid: number): { state: string; parent: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command, which is in parentheses and may hold spaces: the state, then the parent's pid.
    const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, parent: Number(parent) };
  } catch {
    return null;
  }
}

export function killAll(pids: number[]): void {
  for (const p of pids)
    try {
      process.kill(p, "SIGKILL");
    } catch {
      /* gone */
    }
}
