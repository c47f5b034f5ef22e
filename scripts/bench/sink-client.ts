// Starts scripts/bench/smtp-sink-process.ts and talks to it (bench:send, the delivery crash test).
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type SinkStats = { total: number; distinct: number; duplicates: number; ids: string[] };

export type SinkProcess = {
  port: number;
  counts(): Promise<{ total: number; distinct: number }>;
  stats(): Promise<SinkStats>;
  reset(): Promise<void>;
  /** resolves when `n` messages were received in all; polls every 50 ms */
  waitFor(n: number, timeoutMs: number): Promise<void>;
  stop(): void;
};

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
    child.send({ type });
  });
}

/**
 * Starts a script of this folder as a process of its own (through tsx) that listens and sends its parent
 * `{ type: "ready", port }` first (the SMTP sink, bench:inbound's bare server).
 */
export async function forkListeningScript(script: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(root, "scripts/bench", script), [], {
    cwd: root,
    execPath: path.join(root, "node_modules/.bin/tsx"),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { type?: string; port?: number }) =>
      m?.type === "ready" ? resolve(m.port!) : reject(new Error(`${script} failed to start`)),
    );
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
  });
  return { child, port };
}

export async function startSinkProcess(): Promise<SinkProcess> {
  const { child, port } = await forkListeningScript("smtp-sink-process.ts");
  const counts = () => ask<{ total: number; distinct: number }>(child, "counts");
  return {
    port,
    counts,
    stats: () => ask<SinkStats>(child, "stats"),
    reset: () => ask<void>(child, "reset"),
    async waitFor(n, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await counts()).total >= n) return;
        if (Date.now() > deadline) throw new Error(`the sink got ${(await counts()).total} of ${n} messages in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => child.kill("SIGTERM"),
  };
}
