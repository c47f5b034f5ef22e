import { describe, expect, it } from "vitest";
import { loginUrlFor, safeCallbackUrl } from "./callback-url";

describe("safeCallbackUrl", () => {
  it("keeps a same-site path with its query string", () => {
    expect(safeCallbackUrl("/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=a+b")).toBe(
      "/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=a+b",
    );
    expect(safeCallbackUrl("/settings/api-keys")).toBe("/settings/api-keys");
  });

  it.each([
    ["absolute URL", "https://evil.example/steal"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash", "/\\evil.example"],
    ["encoded control character", "/\t/evil.example"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative without slash", "templates"],
    ["empty", ""],
  ])("falls back for %s", (_name, value) => {
    expect(safeCallbackUrl(value)).toBe("/templates");
  });

  it("falls back for non-strings", () => {
    expect(safeCallbackUrl(undefined)).toBe("/templates");
    expect(safeCallbackUrl(["/a"], "/x")).toBe("/x");
  });
});

describe("loginUrlFor", () => {
  it("encodes the path as callbackUrl", () => {
    expect(loginUrlFor("/settings/api-keys?x=1")).toBe("/login?callbackUrl=%2Fsettings%2Fapi-keys%3Fx%3D1");
    expect(loginUrlFor("/templates")).toBe("/login");
    expect(loginUrlFor("//evil.example")).toBe("/login");
  });
});
