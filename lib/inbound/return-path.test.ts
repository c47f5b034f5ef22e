// The VERP addresses: one per message and kind, read back case-insensitively, and nothing else verifies.
import { beforeAll, describe, expect, it } from "vitest";

let rp: typeof import("./return-path");
const ID = "0192f3a4b5c6d7e8f9a0b1c2";

beforeAll(async () => {
  process.env.AUTH_SECRET = "return-path-test-secret-0123456789";
  rp = await import("./return-path");
});

describe("return-path addresses", () => {
  it("name their message and kind, and survive a relay's change of case", () => {
    const bounce = rp.returnPathAddress("bounce", ID, "Bounces.Example.COM");
    expect(bounce).toMatch(/^bounce-0192f3a4b5c6d7e8f9a0b1c2[0-9a-f]{16}@bounces\.example\.com$/);
    const local = bounce.slice(0, bounce.indexOf("@"));
    expect(rp.readLocalPart(local)).toEqual({ kind: "bounce", messageId: ID });
    expect(rp.readLocalPart(local.toUpperCase())).toEqual({ kind: "bounce", messageId: ID });
  });

  it("refuse a changed MAC, another message's id, and a bounce token turned into an unsubscribe one", () => {
    const local = rp.returnPathLocalPart("bounce", ID);
    const flipped = local.slice(0, -1) + (local.endsWith("0") ? "1" : "0");
    expect(rp.readLocalPart(flipped)).toEqual({ kind: "forged" });
    expect(rp.readLocalPart(local.replace(ID, "0192f3a4b5c6d7e8f9a0b1c3"))).toEqual({ kind: "forged" });
    expect(rp.readLocalPart(local.replace(/^bounce-/, "unsubscribe-"))).toEqual({ kind: "forged" });
    expect(rp.readLocalPart("postmaster")).toEqual({ kind: "plain", local: "postmaster" });
  });
});
