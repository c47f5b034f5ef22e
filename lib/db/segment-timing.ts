// Where an accepted inbound message's time goes before its 250, segment by segment, on each thread (the
// listener's, the worker thread's hand-over, its writer's batches and fsyncs): EVENTS_DEBUG=on switches it
// on (the listener and lib/inbound/inbound-thread.ts read it through lib/config.ts), off otherwise (one
// null check). Each thread logs its segments every 2,000 stores; bench:inbound prints the last reports.
// How the figures of docs/delivery.md's bench paragraph were found.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { threadId } from "node:worker_threads";

type Acc = { n: number; sum: number; max: number; values: number[] };
let segments: Map<string, Acc> | null = null;
let loop: ReturnType<typeof monitorEventLoopDelay> | null = null;
let every = 2000;
let counted = 0;

export function timeSegments(on: boolean, reportEvery = 2000): void {
  if (!on || segments) return;
  segments = new Map();
  every = reportEvery;
  loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
}

export const segmentsOn = () => segments !== null;
/** An absolute time in ms comparable across this process's threads. */
export const stamp = () => performance.timeOrigin + performance.now();

export function segment(name: string, ms: number): void {
  if (!segments) return;
  const a = segments.get(name) ?? { n: 0, sum: 0, max: 0, values: [] };
  a.n++;
  a.sum += ms;
  a.max = Math.max(a.max, ms);
  if (a.values.length < 50_000) a.values.push(ms); // bounded: the writer reports batches without stores too
  segments.set(name, a);
}

/** Counts one unit (a store); every `every` units the segments are logged and start again. */
export function countSegment(units = 1): void {
  if (!segments) return;
  counted += units;
  if (counted < every) return;
  counted = 0;
  const q = (v: number[], p: number) => v.sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))] ?? 0;
  const lines = [...segments].map(
    ([name, a]) =>
      `  ${name.padEnd(44)} n=${String(a.n).padStart(6)} mean=${(a.sum / a.n).toFixed(2)} p50=${q(a.values, 0.5).toFixed(2)} p90=${q(a.values, 0.9).toFixed(2)} max=${a.max.toFixed(1)} total=${a.sum.toFixed(0)}`,
  );
  if (loop)
    lines.push(
      `  event loop delay (ms): mean=${(loop.mean / 1e6).toFixed(2)} p50=${(loop.percentile(50) / 1e6).toFixed(2)} p99=${(loop.percentile(99) / 1e6).toFixed(2)} max=${(loop.max / 1e6).toFixed(1)}`,
    );
  console.log(`[inbound] store timing thread ${threadId}:\n${lines.join("\n")}`);
  segments = new Map();
  loop?.reset();
}
