// The address's own checks: the disposable list (a domain and its subdomains) is read once per process, the
// typo check runs once per domain.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { isDisposable, typoOf } from "./address";

const spellChecker = createRequire(import.meta.url)("@zootools/email-spell-checker") as {
  default: { run: (o: { email: string }) => unknown };
};
const list = createRequire(import.meta.url)("disposable-email-domains-js") as { disposableEmailBlocklist: () => string[] };

describe("isDisposable", () => {
  it("refuses a listed domain and its subdomains, not others", () => {
    expect(isDisposable("mailinator.com")).toBe(true);
    expect(isDisposable("zq-chosen.mailinator.com")).toBe(true);
    expect(isDisposable("example.com")).toBe(false);
    expect(isDisposable("mail.example.co.uk")).toBe(false);
  });

  it("reads the list once, not per check (the package's own check builds a Set of it on every call)", () => {
    isDisposable("warm-up.example.com");
    const reads = vi.spyOn(list, "disposableEmailBlocklist");
    for (let i = 0; i < 100; i++) isDisposable(`visitor-${i}.example.com`);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });
});

describe("typoOf", () => {
  it("suggests the popular domain a slip was aimed at, asking the checker once per domain (60 µs a time)", () => {
    expect(typoOf("gmial.com")).toEqual({ suggestion: "gmail.com", certain: true });
    expect(typoOf("example.com")).toBeNull();
    const runs = vi.spyOn(spellChecker.default, "run");
    for (let i = 0; i < 100; i++) expect(typoOf(i % 2 ? "gmial.com" : "example.com")?.suggestion ?? null).toBe(i % 2 ? "gmail.com" : null);
    expect(runs).not.toHaveBeenCalled();
    runs.mockRestore();
  });
});
