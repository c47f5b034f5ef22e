import { describe, expect, it } from "vitest";
import { hasScope, type Scope } from "@/lib/http/scopes";
import { parseScopeList, scopesFromJson } from "./scopes";

describe("parseScopeList", () => {
  it("accepts known scopes, deduplicated in canonical order", () => {
    expect(parseScopeList("events.write contacts.read  contacts.read")).toEqual({ ok: true, scopes: ["contacts.read", "events.write"] });
  });

  it("refuses unknown scopes, naming them", () => {
    const result = parseScopeList("contacts.read contacts.admin");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.description).toContain('"contacts.admin"');
  });

  it("refuses an empty list", () => {
    expect(parseScopeList("  ").ok).toBe(false);
  });

  it("ignores non-scope values stored in JSON", () => {
    expect(scopesFromJson(["segments.read", 3, "nope"])).toEqual(["segments.read"]);
    expect(scopesFromJson(null)).toEqual([]);
  });
});

describe("the pipeline's scope check with an OAuth token's scopes", () => {
  const granted = new Set<Scope>(["contacts.read"]);

  it("a token with contacts.read may not write contacts or send events", () => {
    expect(hasScope(granted, "contacts.write")).toBe(false);
    expect(hasScope(granted, "events.write")).toBe(false);
  });

  it("a token with contacts.read may read contacts", () => {
    expect(hasScope(granted, "contacts.read")).toBe(true);
  });

  it("write implies read, not the other way", () => {
    expect(hasScope(new Set<Scope>(["contacts.write"]), "contacts.read")).toBe(true);
    expect(hasScope(new Set<Scope>(["contacts.read"]), ["email-templates.read", "segments.read"])).toBe(false);
  });
});
