// A walk over a parsed JSON document without recursion (a hostile body nests 500,000 levels deep and
// JSON.parse takes it), each value with the way back to its path, built only when asked for.
export type JsonPath = (string | number)[];

export type JsonNode = {
  value: unknown;
  /** the key or index under which the value sits (undefined at the root) */
  key: string | number | undefined;
  parent: JsonNode | null;
  /** 0 at the root */
  depth: number;
};

export function pathOf(node: JsonNode): JsonPath {
  const path: JsonPath = [];
  for (let n: JsonNode | null = node; n && n.key !== undefined; n = n.parent) path.push(n.key);
  return path.reverse();
}

/** Visits every value depth-first in document order; `visit` answers "skip" to leave a value's children out, "stop" to end. */
export function walkJson(root: unknown, visit: (node: JsonNode) => "skip" | "stop" | void): void {
  const stack: JsonNode[] = [{ value: root, key: undefined, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const answer = visit(node);
    if (answer === "stop") return;
    if (answer === "skip") continue;
    const { value, depth } = node;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node, depth: depth + 1 });
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (value as Record<string, unknown>)[keys[i]], key: keys[i], parent: node, depth: depth + 1 });
      }
    }
  }
}

/**
 * How deep a request's JSON may nest. Deeper documents are refused where bodies are parsed: JSON.parse
 * takes any depth, but JSON.stringify, zod's recursive schemas and every recursive reader after them
 * run out of stack long before 500,000 levels. The deepest documents of the API (templates) nest ~15.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text opens more than `max` arrays and objects inside each other (a scan, no parse). */
export function textNestsDeeper(json: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The path of the first array or object nested more than `max` levels deep, or null. */
export function pathDeeperThan(root: unknown, max = MAX_JSON_DEPTH): JsonPath | null {
  let found: JsonPath | null = null;
  walkJson(root, (node) => {
    if (node.depth < max) return; // the root is the first level
    if (typeof node.value !== "object" || node.value === null) return "skip";
    found = pathOf(node);
    return "stop";
  });
  return found;
}
