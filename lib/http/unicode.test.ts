import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiProblem } from "./problems";
import { decodeUtf8, illFormedPaths, mayHoldIllFormed, parseUrlEncoded, readQuery } from "./unicode";

const fatal = new TextDecoder("utf-8", { fatal: true });
const bytes = (...b: number[]) => Uint8Array.from(b);

describe("decodeUtf8", () => {
  it("decodes UTF-8 as the platform does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(decodeUtf8(Buffer.from(text, "utf8"))).toBe(text);
      }),
      { seed: 26 },
    );
  });

  it("is well-formed exactly when the bytes are UTF-8, and then equal to a strict decoder's text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (input) => {
        const text = decodeUtf8(input);
        let strict: string | null = null;
        try {
          strict = fatal.decode(input);
        } catch {
          /* not UTF-8 */
        }
        expect(text.isWellFormed()).toBe(strict !== null);
        if (strict !== null) expect(text).toBe(strict);
      }),
      { seed: 26, numRuns: 2000 },
    );
  });

  it("keeps each invalid byte as a lone surrogate, the valid text around it as it was", () => {
    expect(decodeUtf8(bytes(0x61, 0xff, 0x62))).toBe("a\udcffb");
    // an encoded surrogate (CESU-8), an overlong "/", a truncated sequence
    expect(decodeUtf8(bytes(0xed, 0xa0, 0x80))).toBe("\udced\udca0\udc80");
    expect(decodeUtf8(bytes(0xc0, 0xaf))).toBe("\udcc0\udcaf");
    expect(decodeUtf8(bytes(0xe2, 0x82))).toBe("\udce2\udc82");
    expect(decodeUtf8(bytes(0xf0, 0x9f, 0x98, 0x80))).toBe("😀");
  });
});

describe("illFormedPaths", () => {
  it("finds lone surrogates in values and keys, at any depth, and not in pairs", () => {
    expect(illFormedPaths({ ok: "😀", name: "A\ud800", list: ["x", { "k\udc00": 1 }] })).toEqual([["name"], ["list", 1, "k\udc00"]]);
    let deep: unknown = "\ud83d";
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(illFormedPaths(deep)[0]).toHaveLength(500_000);
  });

  it("finds NUL characters too (not every engine stores text holding one)", () => {
    expect(illFormedPaths({ a: "ok", b: "nul\0inside", ["k\0"]: 1 })).toEqual([["b"], ["k\0"]]);
  });

  it("stops at a limit", () => {
    expect(illFormedPaths(Array.from({ length: 100 }, () => "\ud800"))).toHaveLength(20);
  });

  it("mayHoldIllFormed sees escapes and raw lone surrogates only", () => {
    expect(mayHoldIllFormed('{"a":"\\ud800"}')).toBe(true);
    expect(mayHoldIllFormed('{"a":"\\uDFFF"}')).toBe(true);
    expect(mayHoldIllFormed('{"a":"\ud800"}')).toBe(true);
    expect(mayHoldIllFormed('{"a":"\\u00e9 😀"}')).toBe(false);
    expect(mayHoldIllFormed('{"a":"x\\u0000"}')).toBe(true);
  });
});

describe("parseUrlEncoded and readQuery", () => {
  it("parse as URLSearchParams does, but for bytes that are not UTF-8", () => {
    // ASCII, as a URL's search always is (Node's URLSearchParams reads other characters as Latin-1 bytes)
    const part = fc.string({ unit: fc.constantFrom("a", "=", "&", "+", "%", "2", "B", "~", " ", "%C3%A9", "%zz", "%", "%F0%9F%98%80") });
    fc.assert(
      fc.property(part, (query) => {
        const mine = parseUrlEncoded(query);
        const platform = [...new URLSearchParams(query)];
        if (mine.flat().every((s) => s.isWellFormed())) expect(mine).toEqual(platform);
        else expect(platform.flat().join("")).toContain("\ufffd");
      }),
      { seed: 26, numRuns: 2000 },
    );
  });

  it("refuse a parameter whose percent-encoded bytes are not UTF-8, naming it", () => {
    try {
      readQuery("http://x/api?name=ok&nameContains=%ED%A0%80");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiProblem);
      expect((error as ApiProblem).extra.errors).toEqual([
        expect.objectContaining({ field: "nameContains", pointer: "/nameContains", code: "invalid_unicode", in: "query" }),
      ]);
    }
    expect(readQuery("http://x/api?a=%C3%A9&a=2&__proto__=x")).toEqual({ a: ["é", "2"], ["__proto__"]: "x" });
    expect(Object.getPrototypeOf(readQuery("http://x/api?__proto__=x"))).toBe(Object.prototype);
  });
});
