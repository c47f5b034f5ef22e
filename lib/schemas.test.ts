// Every zod schema of lib/ answers any input with a result, never an exception: a refinement that ran on
// a value of another type than its schema says threw (`d.trim is not a function`) and the API answered
// 500 (issue 26). Objects get their own keys with values of any type, so every field meets wrong types.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const root = path.resolve(import.meta.dirname);

/** Modules of lib/ that define schemas and load without a database, Next.js or a server. */
function schemaModules(dir = root): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") out.push(...schemaModules(file));
      continue;
    }
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
    const code = fs.readFileSync(file, "utf8");
    if (!/from "zod"/.test(code) || /"use server"|@\/lib\/db|from "next|next-auth|node:worker_threads/.test(code)) continue;
    out.push(file);
  }
  return out;
}

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Keys of an object schema (through its wrappers), or null. */
function keysOf(schema: z.ZodType): string[] | null {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; innerType?: z.ZodType };
  if (def.type === "object" && def.shape) return Object.keys(def.shape);
  if (def.innerType) return keysOf(def.innerType);
  return null;
}

const anyValue = fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true, withBoxedValues: true });
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyValue, fc.constantFrom("\ud800", "a\udc00b", "", " ", "__proto__"));

function inputsFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  if (!keys) return jsonish;
  const fields = fc.record(Object.fromEntries(keys.map((key) => [key, jsonish])), { requiredKeys: [] });
  return fc.oneof({ arbitrary: fields, weight: 4 }, { arbitrary: jsonish, weight: 1 });
}

const modules = schemaModules();

describe("lib's schemas never throw on hostile input", () => {
  it("finds the schema modules", () => {
    expect(modules.length).toBeGreaterThan(10);
  });

  it.each(modules.map((file) => [path.relative(root, file), file]))("%s", async (_name, file) => {
    const exported = Object.entries((await import(file)) as Record<string, unknown>).filter(([, value]) => isSchema(value)) as [
      string,
      z.ZodType,
    ][];
    for (const [name, schema] of exported) {
      fc.assert(
        fc.property(inputsFor(schema), (input) => {
          try {
            schema.safeParse(input);
          } catch (error) {
            throw new Error(`${name}.safeParse threw: ${(error as Error).message}`);
          }
        }),
        { seed: 26, numRuns: 150 },
      );
    }
  });
});
