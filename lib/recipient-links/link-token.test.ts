import { beforeAll, describe, expect, it } from "vitest";
import { signLink, verifyLink, type LinkClaims } from "./link-token";

beforeAll(() => {
  process.env.AUTH_SECRET ??= "unit-test-secret-recipient-links";
});

const claims: LinkClaims = {
  mode: "live",
  brandId: "65a1f0c2e4b0a1b2c3d4e5f6",
  contactId: "65a1f0c2e4b0a1b2c3d4e5f7",
  templateId: "65a1f0c2e4b0a1b2c3d4e5f8",
};

describe("recipient link tokens", () => {
  it("round-trip their claims, absent ids included, in a short URL-safe token", () => {
    const token = signLink(claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{71}$/);
    expect(verifyLink(token)).toEqual(claims);
    const preview = { mode: "preview" as const, brandId: claims.brandId, contactId: null, templateId: null };
    expect(verifyLink(signLink(preview))).toEqual(preview);
    expect(verifyLink(signLink({ ...claims, mode: "test" }))?.mode).toBe("test");
  });

  it("refuse a token with any byte changed, cut short or made up", () => {
    const token = signLink(claims);
    const bytes = Buffer.from(token, "base64url");
    for (const at of [0, 5, 20, 40, bytes.length - 1]) {
      const forged = Buffer.from(bytes);
      forged[at] ^= 1;
      expect(verifyLink(forged.toString("base64url")), `byte ${at}`).toBeNull();
    }
    expect(verifyLink(token.slice(0, -2))).toBeNull();
    expect(verifyLink("")).toBeNull();
    expect(verifyLink("x".repeat(71))).toBeNull();
    expect(verifyLink(`${token}/../x`)).toBeNull();
  });

  it("cannot be moved to another contact: the signature covers the ids", () => {
    const other = Buffer.from(signLink({ ...claims, contactId: "65a1f0c2e4b0a1b2c3d4e5ff" }), "base64url");
    const mine = Buffer.from(signLink(claims), "base64url");
    const spliced = Buffer.concat([other.subarray(0, 37), mine.subarray(37)]).toString("base64url");
    expect(verifyLink(spliced)).toBeNull();
  });
});
