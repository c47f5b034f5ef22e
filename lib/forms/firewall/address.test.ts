// The address's own checks: the disposable list (a domain and its subdomains) is read once per process.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { isDisposable } from "./address";

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
