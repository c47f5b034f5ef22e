import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathDeeperThan, pathOf, textNestsDeeper, walkJson } from "./json-walk";

/** Depth by recursion, the obvious way, for values small enough for it. */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const tricky = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\ud83d\ude00") });
const documents = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    tricky,
    fc.integer(),
    fc.constant(null),
    fc.array(tie("value")),
    fc.dictionary(tricky, tie("value")),
  ),
})).value;

describe("JSON depth", () => {
  it("the text scan agrees with the parsed document's depth, whatever the strings hold", () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 0, max: 6 }), (value, max) => {
        const nests = depthOf(value);
        expect(textNestsDeeper(JSON.stringify(value), max)).toBe(nests > max);
        expect(pathDeeperThan(value, max) !== null).toBe(nests > max);
      }),
      { seed: 26, numRuns: 1000 },
    );
  });

  it("finds the first value past the limit, at depths recursion cannot reach", () => {
    expect(pathDeeperThan({ a: [1, { b: [[]] }] }, 3)).toEqual(["a", 1, "b"]);
    const text = "[".repeat(300_000) + "]".repeat(300_000);
    expect(textNestsDeeper(text, 64)).toBe(true);
    expect(pathDeeperThan(JSON.parse(text), 64)).toHaveLength(64);
  });

  it("walks in document order with paths", () => {
    const seen: string[] = [];
    walkJson({ a: [1, 2], b: { c: 3 } }, (node) => void seen.push(JSON.stringify(pathOf(node))));
    expect(seen).toEqual(["[]", '["a"]', '["a",0]', '["a",1]', '["b"]', '["b","c"]']);
  });
});
