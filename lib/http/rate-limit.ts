// Per-credential request budgets (a fixed one-minute window), counted where every instance serving the
// database sees them (lib/db/counters.ts): in this process's memory when it is the only one, else in
// the database, and then they hold across instances.
//
// A database round trip per request would cost more than the rest of a small request, so with shared
// counters an instance reserves points in blocks (a lease) and spends them locally: the stored count
// never exceeds the limit, so no credential gets more than its budget across all instances. What a lease
// leaves unspent at the end of a window (at most a block per instance) is not served to the credential elsewhere.
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { countersAreShared, sharedLimiter } from "@/lib/db/counters";
import type { Principal } from "./principal";
import { ApiProblem } from "./problems";

/**
 * Requests per minute per credential (a dashboard user's credential is the user). Test emails have a budget of
 * their own, per brand and counted in emails (lib/test-emails/budget.ts).
 */
export type RateLimitBucket = "default" | "render" | "tags" | "analytics";
/** The budgets: the buckets, and `session`, a person's dashboard session's ordinary requests. */
type BudgetName = RateLimitBucket | "session";

const WINDOW_SECONDS: Record<BudgetName, number> = { default: 60, session: 60, render: 60, tags: 60, analytics: 60 };

/**
 * The budget a request spends. The default budget guards the API against runaway integrations; a
 * person in the dashboard (a session: the credential is the user) browses through pages that each make
 * a few requests, and gets a budget sized for that, counted apart from API keys and OAuth apps.
 */
function budgetOf(bucket: RateLimitBucket, kind: Principal["kind"] | undefined): BudgetName {
  return bucket === "default" && kind === "session" ? "session" : bucket;
}
/** Points per lease: 2 % of the budget, so a lease is never a large share of it. */
const leaseSize = (points: number) => Math.max(1, Math.floor(points / 50));

type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

interface Budget {
  readonly points: number;
  consume(key: string): Promise<Verdict>;
}

function verdictOf(rejection: unknown): Verdict {
  if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterMs: rejection.msBeforeNext };
  throw rejection;
}

/** Counters in this process's memory: one call per request costs nothing. */
class LocalBudget implements Budget {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    keyPrefix: string,
    readonly points: number,
    duration: number,
  ) {
    this.limiter = sharedLimiter({ keyPrefix, points, duration });
  }

  consume(key: string): Promise<Verdict> {
    return this.limiter.consume(key).then(() => ({ ok: true }) as const, verdictOf);
  }
}

type Lease = { remaining: number; until: number };

/** Counters in the database, spent through leases (see above). */
class SharedBudget implements Budget {
  private readonly store: RateLimiterAbstract;
  private readonly block: number;
  private readonly leases = new Map<string, Lease>();
  private readonly refills = new Map<string, Promise<Verdict>>();

  constructor(
    keyPrefix: string,
    readonly points: number,
    duration: number,
  ) {
    this.block = leaseSize(points);
    this.store = sharedLimiter({ keyPrefix, points, duration });
  }

  async consume(key: string): Promise<Verdict> {
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.remaining > 0 && lease.until > Date.now()) {
        lease.remaining--;
        return { ok: true };
      }
      // One refill per key at a time: concurrent requests wait for it instead of each reserving a block.
      let refill = this.refills.get(key);
      if (!refill) {
        refill = this.refill(key).finally(() => this.refills.delete(key));
        this.refills.set(key, refill);
      }
      const verdict = await refill;
      if (!verdict.ok) return verdict;
    }
  }

  private async refill(key: string): Promise<Verdict> {
    try {
      const result = await this.store.consume(key, this.block);
      if (this.leases.size >= 10_000) this.leases.clear();
      this.leases.set(key, { remaining: this.block, until: Date.now() + result.msBeforeNext });
      return { ok: true };
    } catch (rejection) {
      return verdictOf(rejection);
    }
  }
}

let budgets: Record<BudgetName, Budget> | undefined;

function budgetsFor(): Record<BudgetName, Budget> {
  if (budgets) return budgets;
  const settings = config();
  const limits = {
    default: settings.RATE_LIMIT_PER_MINUTE,
    session: settings.RATE_LIMIT_SESSION_PER_MINUTE,
    render: settings.RATE_LIMIT_RENDER_PER_MINUTE,
    tags: settings.RATE_LIMIT_TAGS_PER_MINUTE,
    analytics: settings.RATE_LIMIT_ANALYTICS_PER_MINUTE,
  };
  const Kind = countersAreShared() ? SharedBudget : LocalBudget;
  const make = (bucket: BudgetName): Budget => new Kind(`api-${bucket}`, limits[bucket], WINDOW_SECONDS[bucket]);
  budgets = {
    default: make("default"),
    session: make("session"),
    render: make("render"),
    tags: make("tags"),
    analytics: make("analytics"),
  };
  return budgets;
}

/**
 * Spends one request of the credential's budget for the bucket; a 429 problem when it is spent. The
 * problem names the budget in `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers), so that the
 * dashboard tells a pause of all its requests (session, default) from one of a budget of its own (render, ...).
 */
export async function consumeRateLimit(credentialId: string, bucket: RateLimitBucket = "default", kind?: Principal["kind"]): Promise<void> {
  const name = budgetOf(bucket, kind);
  const budget = budgetsFor()[name];
  const verdict = await budget.consume(credentialId);
  if (verdict.ok) return;
  const retryAfter = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  throw new ApiProblem("rate-limited", `Rate limit of ${budget.points} requests per minute exceeded; retry in ${retryAfter} s`, {
    retryAfter,
    headers: { "Retry-After": String(retryAfter), "RateLimit-Policy": `"${name}";q=${budget.points};w=${WINDOW_SECONDS[name]}` },
  });
}
