// One rule for text that is not well-formed Unicode (or holds a NUL): text the database cannot store
// (lib/db/values.ts isStorableText), refused where requests are parsed (JSON bodies, query strings, OAuth
// form bodies) with a field error (code `invalid_unicode`) that points at the string, so nothing damaged
// is ever stored.
//
// Such text arrives two ways. JSON.parse turns an escape such as "\ud800" into a lone UTF-16 surrogate,
// which the database drivers cannot encode (issue 26). And bytes that are not UTF-8 (in a body, or
// percent-encoded in a query string) were silently decoded to U+FFFD, the original lost. Here invalid
// bytes become lone surrogates too, one per byte (Python's "surrogateescape"), so a single check after
// parsing finds both, in whatever string or key they ended up.
import { isUtf8 } from "node:buffer";
import { isStorableText } from "@/lib/db/values";
import { pathOf, walkJson, type JsonPath } from "./json-walk";
import { ApiProblem, type FieldError } from "./problems";
import { pointerFromPath, fieldFromPath } from "./zod-errors";

export const INVALID_UNICODE = "invalid_unicode";
const MESSAGE =
  "is not well-formed Unicode text (a lone UTF-16 surrogate such as \\ud800, or bytes that are not UTF-8), or holds a NUL character (\\u0000)";

/** Text a request may carry: what every engine can store (lib/db/values.ts). */
export { isStorableText };

/** Field errors reported at most, so a body full of them still gets a small answer. */
const MAX_ERRORS = 20;

function utf8(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("utf8");
}

/** The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlongs, surrogates or > U+10FFFF), or 0. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  let length: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) length = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    length = 3;
    if (b === 0xe0) lower = 0xa0;
    if (b === 0xed) upper = 0x9f; // ED A0..BF would encode a surrogate
  } else if (b >= 0xf0 && b <= 0xf4) {
    length = 4;
    if (b === 0xf0) lower = 0x90;
    if (b === 0xf4) upper = 0x8f;
  } else return 0;
  if (i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) {
    const c = bytes[i + k];
    if (c < (k === 1 ? lower : 0x80) || c > (k === 1 ? upper : 0xbf)) return 0;
  }
  return length;
}

/** UTF-8 bytes as text; each byte of an ill-formed sequence becomes the lone surrogate U+DC00 + byte. */
export function decodeUtf8(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return utf8(bytes, 0, bytes.byteLength);
  let out = "";
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += utf8(bytes, start, i) + String.fromCharCode(0xdc00 + bytes[i]);
    i += 1;
    start = i;
  }
  return out + utf8(bytes, start, bytes.length);
}

/** Cheap test on JSON text: no lone surrogate or NUL in it and no escape of one, so no parsed string can hold one. */
export function mayHoldIllFormed(json: string): boolean {
  return !isStorableText(json) || /\\u(?:[dD][89a-fA-F][0-9a-fA-F]{2}|0000)/.test(json);
}

/** The paths of the strings and keys in `value` that are not well-formed Unicode, at any depth. */
export function illFormedPaths(value: unknown, limit = MAX_ERRORS): JsonPath[] {
  const found: JsonPath[] = [];
  walkJson(value, (node) => {
    if (found.length >= limit) return "stop";
    if (typeof node.key === "string" && !isStorableText(node.key)) {
      found.push(pathOf(node));
      return "skip";
    }
    if (typeof node.value === "string" && !isStorableText(node.value)) found.push(pathOf(node));
  });
  return found;
}

/** Field errors for the ill-formed text in a parsed body or query (empty when there is none). */
export function invalidUnicodeErrors(value: unknown, where?: "query" | "path"): FieldError[] {
  return illFormedPaths(value).map((path) => ({
    field: fieldFromPath(path),
    pointer: pointerFromPath(path),
    code: INVALID_UNICODE,
    message: MESSAGE,
    ...(where ? { in: where } : {}),
  }));
}

/** 400 with a field error per string or key that is not well-formed Unicode. */
export function throwIfIllFormed(value: unknown, where?: "query" | "path"): void {
  const errors = invalidUnicodeErrors(value, where);
  if (errors.length === 0) return;
  if (where === "path") {
    // An id no resource can have (e.g. `%00`): malformed, like any other path parameter that is.
    throw new ApiProblem("invalid-id", `Malformed path parameter: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`, { errors });
  }
  const what = errors.length === 1 ? `${errors[0].field || (where ? "A query parameter" : "The body")} is` : `${errors.length} fields are`;
  throw new ApiProblem("validation-failed", `${what} not well-formed Unicode text`, { errors });
}

function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  const hex = (c: number) =>
    c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && hex(bytes[i + 1]) >= 0 && hex(bytes[i + 2]) >= 0) {
      out[n++] = hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]);
      i += 2;
    } else out[n++] = b === 0x2b ? 0x20 : b; // "+" is a space
  }
  return out.subarray(0, n);
}

/**
 * application/x-www-form-urlencoded (a query string, an OAuth form body) as name/value pairs: the URL
 * standard's parser, except that bytes that are not UTF-8 become lone surrogates instead of U+FFFD.
 */
export function parseUrlEncoded(input: string | Uint8Array): [string, string][] {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  const pairs: [string, string][] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x26) continue; // "&"
    const part = bytes.subarray(start, i);
    start = i + 1;
    if (part.length === 0) continue;
    const eq = part.indexOf(0x3d); // "="
    const name = eq === -1 ? part : part.subarray(0, eq);
    const value = eq === -1 ? new Uint8Array(0) : part.subarray(eq + 1);
    pairs.push([decodeUtf8(percentDecode(name)), decodeUtf8(percentDecode(value))]);
  }
  return pairs;
}

/** A URL's query as an object (a repeated parameter as an array of its values); 400 for ill-formed text. */
export function readQuery(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of parseUrlEncoded(new URL(url).search.slice(1))) {
    const existing = Object.hasOwn(out, key) ? out[key] : undefined;
    const next = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    // defined, not assigned: `?__proto__=x` is a parameter like any other (a schema refuses it), not a prototype
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  throwIfIllFormed(out, "query");
  return out;
}
