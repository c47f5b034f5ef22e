// Issue 38 finding 10: keys per purpose, and a rotation of AUTH_SECRET that keeps what was issued before
// verifying (AUTH_SECRET_PREVIOUS), down to links and sealed keys made with the raw secret before derivation.
import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const OLD = "old-secret-0123456789abcdef";
const NEW = "new-secret-0123456789abcdef";
const saved = { AUTH_SECRET: process.env.AUTH_SECRET, AUTH_SECRET_PREVIOUS: process.env.AUTH_SECRET_PREVIOUS };

/** Fresh modules under an environment (the config is read once per module graph). */
async function under(env: { AUTH_SECRET: string; AUTH_SECRET_PREVIOUS?: string }) {
  vi.resetModules();
  process.env.AUTH_SECRET = env.AUTH_SECRET;
  if (env.AUTH_SECRET_PREVIOUS) process.env.AUTH_SECRET_PREVIOUS = env.AUTH_SECRET_PREVIOUS;
  else delete process.env.AUTH_SECRET_PREVIOUS;
  return {
    keys: await import("./keys"),
    tokens: await import("@/lib/recipient-links/message-token"),
    links: await import("@/lib/recipient-links/link-token"),
    dkim: await import("@/lib/delivery/senders/dns-records"),
  };
}

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.resetModules();
});

const MESSAGE = "0123456789abcdef01234567";
const claims = { mode: "live" as const, brandId: "aaaaaaaaaaaaaaaaaaaaaaaa", contactId: "bbbbbbbbbbbbbbbbbbbbbbbb", templateId: null };

describe("derived keys", () => {
  it("differ per purpose and are not the secret itself", async () => {
    const { keys } = await under({ AUTH_SECRET: NEW });
    const a = keys.signingKey("message-token");
    expect(a.equals(keys.signingKey("recipient-link"))).toBe(false);
    expect(a.equals(keys.signingKey("dkim-seal"))).toBe(false);
    expect(a.equals(Buffer.from(NEW))).toBe(false);
  });

  it("a token signed now is not what the raw secret signs (the purpose key, not AUTH_SECRET, signs it)", async () => {
    const { tokens } = await under({ AUTH_SECRET: NEW });
    const token = tokens.signMessageToken(MESSAGE);
    const payload = Buffer.concat([Buffer.from([2]), Buffer.from(MESSAGE, "hex")]);
    const raw = createHmac("sha256", NEW).update("inkwell message v1\n").update(payload).update("\n").digest().subarray(0, 12);
    expect(Buffer.from(token, "base64url").subarray(13).equals(raw)).toBe(false);
  });
});

describe("rotating AUTH_SECRET", () => {
  it("message tokens, click MACs, Message-ID MACs and recipient links of the old secret verify with AUTH_SECRET_PREVIOUS", async () => {
    const before = await under({ AUTH_SECRET: OLD });
    const token = before.tokens.signMessageToken(MESSAGE);
    const click = before.tokens.clickSignature(MESSAGE, "https://shop.test/a");
    const messageIdMac = before.tokens.messageIdSignature(MESSAGE);
    const link = before.links.signLink(claims);

    const rotated = await under({ AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: `unrelated-secret-00000000,${OLD}` });
    expect(rotated.tokens.verifyMessageToken(token)).toBe(MESSAGE);
    expect(rotated.tokens.verifyClickSignature(MESSAGE, "https://shop.test/a", click)).toBe(true);
    expect(rotated.tokens.verifyClickSignature(MESSAGE, "https://shop.test/b", click)).toBe(false);
    expect(rotated.tokens.verifyMessageIdSignature(MESSAGE, messageIdMac)).toBe(true);
    expect(rotated.links.verifyLink(link)).toEqual(claims);
    // New links are signed with the new secret only.
    expect(rotated.tokens.signMessageToken(MESSAGE)).not.toBe(token);

    const forgotten = await under({ AUTH_SECRET: NEW });
    expect(forgotten.tokens.verifyMessageToken(token)).toBeNull();
    expect(forgotten.links.verifyLink(link)).toBeNull();
  });

  it("links signed with the raw secret before derived keys keep verifying (legacy, verification only)", async () => {
    const payload = Buffer.concat([Buffer.from([2]), Buffer.from(MESSAGE, "hex")]);
    const legacyMac = createHmac("sha256", OLD).update("inkwell message v1\n").update(payload).update("\n").digest().subarray(0, 12);
    const legacyToken = Buffer.concat([payload, legacyMac]).toString("base64url");
    expect((await under({ AUTH_SECRET: OLD })).tokens.verifyMessageToken(legacyToken)).toBe(MESSAGE);
    expect((await under({ AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: OLD })).tokens.verifyMessageToken(legacyToken)).toBe(MESSAGE);
    expect((await under({ AUTH_SECRET: NEW })).tokens.verifyMessageToken(legacyToken)).toBeNull();
  });

  it("DKIM keys sealed under the old secret, or under the raw-secret key of before, still open", async () => {
    const before = await under({ AUTH_SECRET: OLD });
    const sealed = before.dkim.sealPrivateKey("PEM");
    // As sealPrivateKey wrote them before derived keys: AES-GCM under HMAC(AUTH_SECRET, label).
    const legacyKey = createHmac("sha256", OLD).update("inkwell dkim private key v1").digest();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", legacyKey, iv);
    const body = Buffer.concat([cipher.update("LEGACY PEM", "utf8"), cipher.final()]);
    const legacy = `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;

    const rotated = await under({ AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: OLD });
    expect(rotated.dkim.openPrivateKey(sealed)).toBe("PEM");
    expect(rotated.dkim.openPrivateKey(legacy)).toBe("LEGACY PEM");
    expect(rotated.dkim.openPrivateKey(rotated.dkim.sealPrivateKey("NEW PEM"))).toBe("NEW PEM");
    expect((await under({ AUTH_SECRET: NEW })).dkim.openPrivateKey(sealed)).toBeNull();
  });
});
