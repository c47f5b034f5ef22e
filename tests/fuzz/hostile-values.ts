// What a hostile or careless client puts where a value belongs: wrong types, boundary numbers, overlong
// strings, Unicode edge cases (lone surrogates included), deep nesting, prototype keys, huge arrays.
import fc from "fast-check";

/** JSON text spliced into a body as is (documents too deep for JSON.stringify, duplicate keys). */
export class RawJson {
  constructor(readonly text: string) {}
}

const deepArrays = (levels: number) => new RawJson("[".repeat(levels) + "]".repeat(levels));
const deepObjects = (levels: number) => new RawJson('{"a":'.repeat(levels) + "1" + "}".repeat(levels));

export const WRONG_TYPES: unknown[] = [12345, -1, 0, 1.5, true, false, null, "", "text", [], {}, [1, "a", null], { a: 1 }];

export const BOUNDARY_NUMBERS: unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  -0,
  0.1 + 0.2,
  new RawJson("1e400"),
  new RawJson("-1e400"),
  new RawJson("123456789012345678901234567890"),
  new RawJson("1.0"),
];

export const UNICODE: string[] = [
  "\ud800",
  "\udc00",
  "a\ud83d",
  "\ud83d\ude00x\udfff",
  "name\ud800end",
  "\u0000",
  "nul\u0000inside",
  "\ufeffbom",
  "\u202eevil",
  "e\u0301\u0301\u0301",
  "\uffff\ufffe",
  "line\u2028sep",
  "𝕏𝕐ℤ",
  "Z̷̧̛a̴l̶g̸o̵",
  "\r\nX-Injected: 1",
  "' OR 1=1 --",
  '"; DROP TABLE "Contact"; --',
  "<script>alert(1)</script>",
  "{{ contact.firstName }}{% if %}",
  "${7*7}%s%n%x",
  "../../etc/passwd",
  "javascript:alert(1)",
];

export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__defineGetter__"];

export const STRUCTURES: unknown[] = [
  deepArrays(100),
  deepArrays(20_000),
  deepObjects(100),
  deepObjects(5_000),
  new RawJson('{"a":1,"a":2,"a":{"b":[]}}'),
  new RawJson('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  Array.from({ length: 10_000 }, (_, i) => i),
  Array.from({ length: 50_000 }, () => "x"),
  Array.from({ length: 2_000 }, () => ({ a: "b" })),
  Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
];

export const OVERLONG: unknown[] = ["x".repeat(256), "x".repeat(10_001), "é".repeat(5_000), "😀".repeat(3_000), "x".repeat(600_000)];

/** Any hostile JSON value; wrong types and Unicode edge cases the most likely. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...STRUCTURES) },
  { weight: 1, arbitrary: fc.constantFrom(...OVERLONG) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Percent-encoding that also writes lone surrogates (as their 3-byte CESU-8 form, which is not UTF-8). */
export function encodeLoose(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => "%" + b.toString(16).toUpperCase())
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Hostile text for a query parameter or a path segment, already encoded as it goes on the wire. */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%ED%A0%80",
    "%FF",
    "%C0%AF",
    "%",
    "%zz",
    "%00",
    "%2F..%2F..",
    "..",
    "%2e%2e",
    "null",
    "undefined",
    "[]",
    "%5B%5D",
    "a+b",
    "+",
  ),
  fc.constantFrom(...UNICODE).map(encodeLoose),
  fc.constantFrom(...WRONG_TYPES.map((v) => encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v)))),
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom("x".repeat(300), "x".repeat(5_000), "9".repeat(400), "-1", "0", "1e999", "1.5", "NaN", "Infinity", "0x10"),
  fc.constantFrom("ABCDEF0123456789ABCDEF01", "0123456789abcdef0123456", "0123456789abcdef012345678", "zzzzzzzzzzzzzzzzzzzzzzzz"),
);
