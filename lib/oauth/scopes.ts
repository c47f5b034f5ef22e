// The scope parameter: a space-separated list of known scopes (RFC 6749 section 3.3).
import { isScope, SCOPES, type Scope } from "@/lib/http/scopes";

export type ScopeParse = { ok: true; scopes: Scope[] } | { ok: false; description: string };

export function parseScopeList(value: string): ScopeParse {
  const names = value.split(" ").filter((s) => s.length > 0);
  if (names.length === 0) return { ok: false, description: "At least one scope is required" };
  const unknown = names.filter((s) => !isScope(s));
  if (unknown.length > 0)
    return {
      ok: false,
      description: `Unknown scope ${unknown.map((s) => `"${s.slice(0, 40)}"`).join(", ")}; known scopes: ${SCOPES.join(" ")}`,
    };
  return { ok: true, scopes: sortScopes(names as Scope[]) };
}

/** Deduplicated, in the canonical order of SCOPES. */
export function sortScopes(scopes: Iterable<string>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

export function scopesFromJson(value: unknown): Scope[] {
  return Array.isArray(value) ? sortScopes(value.filter((s): s is string => typeof s === "string" && isScope(s))) : [];
}
