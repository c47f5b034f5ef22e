import { describe, expect, it } from "vitest";
import { classifyHit, type Hit } from "./machine";

const sentAt = new Date("2026-11-20T10:00:00Z");
const later = new Date("2026-11-20T10:05:00Z");
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const hit = (over: Partial<Hit>): Hit => ({ kind: "open", userAgent: firefox, ip: "203.0.113.9", sentAt, at: later, ...over });

describe("classifyHit", () => {
  it("counts a person's open and click, Gmail's image proxy included", () => {
    expect(classifyHit(hit({}))).toEqual({ machine: false, reason: null });
    expect(classifyHit(hit({ kind: "click" }))).toEqual({ machine: false, reason: null });
    expect(
      classifyHit(hit({ userAgent: "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)" })).machine,
    ).toBe(false);
  });

  it("flags Apple's privacy proxy opens by network or bare user agent", () => {
    expect(classifyHit(hit({ ip: "17.58.63.10" }))).toEqual({ machine: true, reason: "privacy-proxy" });
    expect(classifyHit(hit({ ip: "::ffff:17.1.2.3" })).machine).toBe(true);
    expect(classifyHit(hit({ userAgent: "Mozilla/5.0" }))).toEqual({ machine: true, reason: "privacy-proxy" });
  });

  it("flags scanners by user agent, missing agents, and hits within seconds of delivery", () => {
    expect(classifyHit(hit({ kind: "click", userAgent: "python-requests/2.32" }))).toEqual({ machine: true, reason: "user-agent" });
    expect(classifyHit(hit({ kind: "click", userAgent: "Mozilla/5.0 (compatible; Barracuda Sentinel)" })).machine).toBe(true);
    expect(classifyHit(hit({ kind: "click", userAgent: null }))).toEqual({ machine: true, reason: "no-user-agent" });
    expect(classifyHit(hit({ kind: "click", at: new Date(sentAt.getTime() + 3_000) }))).toEqual({ machine: true, reason: "too-soon" });
    expect(classifyHit(hit({ kind: "open", at: new Date(sentAt.getTime() + 1_000) })).machine).toBe(true);
    expect(classifyHit(hit({ kind: "open", at: new Date(sentAt.getTime() + 5_000) })).machine).toBe(false);
  });
});
