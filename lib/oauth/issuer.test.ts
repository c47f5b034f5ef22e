import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";

// The issuer is the configuration's public origin (lib/oauth/issuer.ts).
const issuerFromEnv = (env: Record<string, string>) => parseConfig(env).appOrigin;

describe("the OAuth issuer", () => {
  it("defaults to http://localhost:<PORT>, and port 3000 without PORT", () => {
    expect(issuerFromEnv({ PORT: "4123" })).toBe("http://localhost:4123");
    expect(issuerFromEnv({})).toBe("http://localhost:3000");
    expect(issuerFromEnv({ APP_URL: "  " })).toBe("http://localhost:3000");
  });

  it("is APP_URL's origin, a trailing slash or default port dropped", () => {
    expect(issuerFromEnv({ APP_URL: "https://inkwell.example.com/", PORT: "3000" })).toBe("https://inkwell.example.com");
    expect(issuerFromEnv({ APP_URL: "https://Inkwell.Example.com:443" })).toBe("https://inkwell.example.com");
    expect(issuerFromEnv({ APP_URL: "http://127.0.0.1:8080" })).toBe("http://127.0.0.1:8080");
  });

  it.each([
    ["not a URL", "inkwell.example.com", "absolute http(s) URL"],
    ["another scheme", "ftp://inkwell.example.com", "absolute http(s) URL"],
    ["a path", "https://example.com/inkwell", "without path"],
    ["a query", "https://example.com/?a=1", "without path"],
    ["credentials", "https://user:pw@example.com", "credentials"],
  ])("refuses an APP_URL with %s, saying why", (_, value, message) => {
    expect(() => issuerFromEnv({ APP_URL: value })).toThrow(message);
  });
});
