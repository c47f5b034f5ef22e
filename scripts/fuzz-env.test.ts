// The fuzz run means what it says (docs/security.md): its server lifts every budget lib/config.ts declares,
// so that a 429 it meets is a failure, and the oracle fails a 429 and any answer slower than 5 s.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verdict, type Outcome } from "../tests/fuzz/oracle";
import type { Operation } from "../tests/fuzz/operations";
import type { HttpRequest } from "../tests/fuzz/requests";
import { FUZZ_SERVER_ENV } from "../tests/fuzz/run";

const root = path.resolve(import.meta.dirname, "..");
/** Settings that cap what this process sends out (not answers to a client): nothing for the fuzzer to lift. */
const NOT_BUDGETS = new Set(["SMTP_RATE_PER_SECOND"]);

describe("the fuzz server and its oracle", () => {
  it("lifts every request budget of lib/config.ts (RATE_LIMIT_*, *_PER_MINUTE, *_PER_HOUR)", () => {
    const source = fs.readFileSync(path.join(root, "lib", "config.ts"), "utf8");
    const budgets = [...source.matchAll(/^\s+([A-Z0-9_]+):/gm)]
      .map((m) => m[1])
      .filter((name) => /^RATE_LIMIT_|_PER_(SECOND|MINUTE|HOUR|DAY)$/.test(name) && !NOT_BUDGETS.has(name));
    expect(budgets.length).toBeGreaterThanOrEqual(6);
    const env = FUZZ_SERVER_ENV as Record<string, string>;
    const left = budgets.filter((name) => !(Number(env[name]) >= 1_000_000));
    expect(left, "budgets the fuzz server leaves at their defaults").toEqual([]);
  });

  const request: HttpRequest = { method: "GET", target: "/api/contacts", headers: {}, foreign: [] } as unknown as HttpRequest;
  const op = { id: "listContacts", errorFormat: "problem" } as unknown as Operation;
  const answer = (status: number, ms: number): Outcome => ({
    status,
    ms,
    headers: { "content-type": "application/json" },
    body: Buffer.from("{}"),
  });

  it("fails a 429 and an answer slower than 5 s, passes a quick 200", () => {
    expect(verdict(request, op, answer(200, 20), new Set())).toEqual([]);
    expect(verdict(request, op, answer(200, 5_001), new Set()).join()).toMatch(/took 5001 ms/);
    expect(verdict(request, op, answer(429, 20), new Set()).join()).toMatch(/answered 429/);
  });
});
