// Counts v4 calls per brand, endpoint and UTC day. Calls are tallied in memory and written at most once
// a minute per brand and endpoint (the first call of a key at once, so the dashboard notices a v4
// integration right away); a timer flushes what is left. A crash loses at most a minute of counts,
// which a "you still call v4" notice can afford.
import { db } from "@/lib/db";

export const V4_ENDPOINTS = ["identify", "contacts", "track"] as const;
export type V4Endpoint = (typeof V4_ENDPOINTS)[number];

const FLUSH_EVERY_MS = 60_000;

type Tally = { brandId: string; endpoint: V4Endpoint; day: string; count: number; lastCallAt: Date };

const pending = new Map<string, Tally>();
const lastFlush = new Map<string, number>();
let timer: NodeJS.Timeout | null = null;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function write(tally: Tally): Promise<void> {
  const { brandId, endpoint, day, count, lastCallAt } = tally;
  const upsert = () =>
    db.v4UsageDay.upsert({
      where: { brandId_endpoint_day: { brandId, endpoint, day } },
      create: { brandId, endpoint, day, count, lastCallAt },
      update: { count: { increment: count }, lastCallAt },
    });
  try {
    await upsert();
  } catch (error) {
    // Another server process created the day's row between our read and insert: it exists now.
    if ((error as { code?: string }).code !== "P2002") throw error;
    await upsert();
  }
}

async function flush(key: string): Promise<void> {
  const tally = pending.get(key);
  if (!tally) return;
  pending.delete(key);
  lastFlush.set(key, Date.now());
  try {
    await write(tally);
  } catch (error) {
    console.error("[v4] could not record usage", error);
  }
}

function scheduleSweep(): void {
  if (timer) return;
  timer = setInterval(() => {
    for (const key of [...pending.keys()]) void flush(key);
    if (pending.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }, FLUSH_EVERY_MS);
  timer.unref();
}

/** Notes one v4 call; never fails the call. */
export function recordV4Call(brandId: string, endpoint: V4Endpoint, at = new Date()): void {
  const day = dayOf(at);
  const key = `${brandId}\u0000${endpoint}`;
  const tally = pending.get(key);
  if (tally && tally.day !== day) void flush(key);
  const current = pending.get(key);
  if (current) {
    current.count++;
    current.lastCallAt = at;
  } else {
    pending.set(key, { brandId, endpoint, day, count: 1, lastCallAt: at });
  }
  if ((lastFlush.get(key) ?? 0) <= Date.now() - FLUSH_EVERY_MS) void flush(key);
  else scheduleSweep();
}

export type V4UsageSummary = { calls: number; lastCallAt: Date | null; endpoints: V4Endpoint[] };

/** The brand's v4 calls of the last `days` UTC days (today included). */
export async function v4UsageSummary(brandId: string, days = 30, now = new Date()): Promise<V4UsageSummary> {
  const since = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await db.v4UsageDay.findMany({
    where: { brandId, day: { gte: since } },
    select: { endpoint: true, count: true, lastCallAt: true },
  });
  let lastCallAt: Date | null = null;
  for (const r of rows) if (!lastCallAt || r.lastCallAt > lastCallAt) lastCallAt = r.lastCallAt;
  return {
    calls: rows.reduce((sum, r) => sum + r.count, 0),
    lastCallAt,
    endpoints: V4_ENDPOINTS.filter((e) => rows.some((r) => r.endpoint === e)),
  };
}
