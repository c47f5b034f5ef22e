import { beforeAll, describe, expect, it } from "vitest";
import { consentToken, verifyConsentToken } from "./consent-token";

beforeAll(() => {
  process.env.AUTH_SECRET ??= "unit-test-secret";
});

describe("consent CSRF token", () => {
  const request = "response_type=code&client_id=inkc_1&scope=contacts.read";

  it("verifies for the same user and request", () => {
    expect(verifyConsentToken(consentToken("u1", request), "u1", request)).toBe(true);
  });

  it("fails for another user or another request", () => {
    const token = consentToken("u1", request);
    expect(verifyConsentToken(token, "u2", request)).toBe(false);
    expect(verifyConsentToken(token, "u1", request + "+contacts.write")).toBe(false);
  });

  it("expires after ten minutes", () => {
    const issued = Date.UTC(2026, 0, 1);
    const token = consentToken("u1", request, issued);
    expect(verifyConsentToken(token, "u1", request, issued + 9 * 60_000)).toBe(true);
    expect(verifyConsentToken(token, "u1", request, issued + 11 * 60_000)).toBe(false);
  });

  it("refuses garbage and tampered signatures", () => {
    const token = consentToken("u1", request);
    expect(verifyConsentToken("", "u1", request)).toBe(false);
    expect(verifyConsentToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "u1", request)).toBe(false);
  });
});
