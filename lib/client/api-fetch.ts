// Browser-side client for Inkwell's own /api: same-origin fetch (the session cookie and Origin go along),
// the version header on every call, and problem+json turned into an ApiError the UI can show.
//
// Rate limits: a 429 of the budget every request of the session shares (the `RateLimit-Policy` the API
// names "session" or "default") pauses every call of the tab until its `Retry-After` has passed: calls
// made meanwhile wait instead of spending requests on more 429s, and the pause is published
// (`rateLimitPause`) for the page to say so (components/ui/rate-limit-notice.tsx). TanStack Query retries
// a rate-limited query or mutation after the same delay (components/providers.tsx). A 429 of a budget of
// its own (renders, bulk tag jobs, test emails) fails only that call.
export const SERVICE_VERSION = "2026-03-15";

export type ApiFieldError = { field: string; pointer: string; code: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: ApiFieldError[] = [],
    readonly type: string | null = null,
    /** A 429's wait before asking again (Retry-After), in milliseconds; null otherwise. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(detail);
    this.name = "ApiError";
  }

  /** The problem code, e.g. "validation-failed" (the last segment of the problem type URL). */
  get code(): string | null {
    return this.type ? (this.type.split("/").pop() ?? null) : null;
  }

  /** The message for one request field, e.g. fieldError("name"). */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/** A 429 whose wait is short enough to wait for on the page (a per-minute budget), not a per-hour one. */
export function retryableRateLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterMs === null) return null;
  return error.retryAfterMs <= MAX_WAIT_MS ? error.retryAfterMs : null;
}

const MAX_WAIT_MS = 65_000;
/** Times a call refused by a rate limit is asked again (each after its Retry-After). */
const RATE_LIMIT_RETRIES = 3;

/** TanStack Query's `retry` for calls that are asked again only when a rate limit refused them. */
export const retryIfRateLimited = (count: number, error: unknown) => retryableRateLimit(error) !== null && count < RATE_LIMIT_RETRIES;
/** Budgets every request of the session spends (lib/http/rate-limit.ts names them in RateLimit-Policy). */
const SHARED_POLICIES = new Set(["session", "default"]);

// ---- the tab's pause after a 429 of the shared budget

let pausedUntil = 0;
const listeners = new Set<() => void>();

export const rateLimitPause = {
  /** When calls may go out again (epoch ms); in the past when there is no pause. */
  until: () => pausedUntil,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function pause(ms: number) {
  const until = Date.now() + ms;
  if (until <= pausedUntil) return;
  pausedUntil = until;
  for (const listener of listeners) listener();
}

function waitForPause(signal?: AbortSignal | null): Promise<void> {
  const ms = pausedUntil - Date.now();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

type Options = Omit<RequestInit, "body"> & { body?: unknown };

/** A FormData body (a file upload) goes as multipart/form-data; anything else as JSON. */
export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const { body, headers, ...rest } = options;
  const form = typeof FormData !== "undefined" && body instanceof FormData;
  const init: RequestInit = {
    ...rest,
    credentials: "same-origin",
    headers: {
      "Service-Version": SERVICE_VERSION,
      Accept: "application/json",
      ...(body !== undefined && !form ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: form ? (body as FormData) : body !== undefined ? JSON.stringify(body) : undefined,
  };
  // Re-checked after each wait: another call may have met a 429 meanwhile.
  while (pausedUntil > Date.now()) await waitForPause(options.signal);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "Could not reach Inkwell. Check your connection and try again.");
  }
  if (response.ok) {
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
  throw await toApiError(response);
}

/** Retry-After in milliseconds (seconds, or an HTTP date), else the problem's `retryAfter` seconds. */
function retryAfterOf(response: Response, problem: { retryAfter?: unknown } | null): number | null {
  const header = response.headers.get("Retry-After");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - Date.now());
  }
  return typeof problem?.retryAfter === "number" ? problem.retryAfter * 1000 : null;
}

/** The policy a 429 names (`RateLimit-Policy: "session";q=1200;w=60`), or null. */
function policyOf(response: Response): string | null {
  return /^\s*"?([\w-]+)"?/.exec(response.headers.get("RateLimit-Policy") ?? "")?.[1] ?? null;
}

type Problem = { type?: string; title?: string; detail?: string; errors?: ApiFieldError[]; retryAfter?: unknown };

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let problem: Problem | null;
  try {
    problem = JSON.parse(text) as Problem | null;
  } catch {
    problem = null;
  }
  const retryAfterMs = response.status === 429 ? retryAfterOf(response, problem) : null;
  if (retryAfterMs !== null && retryAfterMs <= MAX_WAIT_MS && SHARED_POLICIES.has(policyOf(response) ?? "")) pause(retryAfterMs);
  if (!problem || typeof problem !== "object")
    return new ApiError(response.status, `Request failed (${response.status})`, [], null, retryAfterMs);
  const detail = problem.detail || problem.title || `Request failed (${response.status})`;
  return new ApiError(response.status, detail, Array.isArray(problem.errors) ? problem.errors : [], problem.type ?? null, retryAfterMs);
}
