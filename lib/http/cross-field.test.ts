import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { containsTransform, crossField } from "./cross-field";

const seen: unknown[] = [];
const Pair = crossField(
  z.strictObject({
    a: z.string().max(3),
    b: z.array(z.number()).optional(),
    other: z.string().optional(),
    t: z.string().transform(Number),
  }),
  ["a", "b"],
  (value, ctx) => {
    seen.push(value);
    if (value.a.trim() === "x" && !value.b?.length) ctx.addIssue({ code: "custom", path: ["b"], message: "needs b with x" });
  },
);
const paths = (input: unknown) => {
  seen.length = 0;
  const result = Pair.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")} ${i.code}`);
};

describe("crossField", () => {
  it("runs the rule when its fields are valid, also when another field failed", () => {
    expect(paths({ a: "x", t: "1", other: 5 })).toEqual(["other invalid_type", "b custom"]);
    expect(seen).toHaveLength(1);
  });

  it("never runs the rule on a field of the wrong type, a failed union or a non-object", () => {
    for (const input of [
      { a: 12345, t: "1" },
      { a: null, t: "1" },
      { a: "x", b: {}, t: "1" },
      { a: "x", b: [null], t: "1" },
      "x",
      null,
      [1],
    ]) {
      paths(input);
      expect(seen, JSON.stringify(input)).toEqual([]);
    }
  });

  it("runs past a failed check that kept the type (too long), and reports both", () => {
    expect(paths({ a: "x   ", t: "1" })).toEqual(["a too_big", "b custom"]);
  });

  it("knows which fields change type", () => {
    expect(containsTransform(z.string().trim().max(3))).toBe(false);
    expect(containsTransform(z.array(z.string().transform(Number)).optional())).toBe(true);
    expect(containsTransform(z.object({ x: z.string().pipe(z.coerce.number()) }))).toBe(true);
    expect(containsTransform(z.object({ x: z.string().transform((s) => s.length) }).nullable())).toBe(true);
  });

  it("is the only way a schema of lib/ passes its own `when` (zod's default never runs on an aborted value)", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated") walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") && file !== path.join(root, "http", "cross-field.ts")) {
          if (/\bwhen:\s*(?!whenFieldsValid)/.test(fs.readFileSync(file, "utf8").replace(/\/\/.*$/gm, "")))
            offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
