// A brand's signing secret of webhook blocks (Standard Webhooks' whsec_ form). It was derived from
// AUTH_SECRET and the brand id, so one brand's leaked secret could not be changed alone and rotating
// AUTH_SECRET changed every brand's. Now it is stored per brand, sealed (lib/auth/sealed.ts): the first
// use keeps the secret the brand had (the old derivation), so receivers set up with it keep verifying; a
// rotation (POST /api/automations/webhook-secret/rotate, Settings) replaces it with 32 random bytes.
import { createHmac, randomBytes } from "node:crypto";
import { open, seal } from "@/lib/auth/sealed";
import { authSecret } from "@/lib/config";
import { db } from "@/lib/db";

const PREFIX = "whsec_";

/** The secret the brand had before secrets were stored: what its receivers were set up with. */
function legacySecret(brandId: string): Buffer {
  return createHmac("sha256", authSecret()).update(`automation-webhooks:${brandId}`).digest();
}

/** The brand's signing key (the bytes after whsec_), stored on first use. */
export async function webhookKey(brandId: string): Promise<Buffer> {
  const row = await db.brandWebhookSecret.findUnique({ where: { brandId }, select: { sealed: true } });
  if (row) {
    const plain = open("webhook-secret-seal", row.sealed);
    if (plain !== null) return Buffer.from(plain, "base64");
    // Sealed under a secret AUTH_SECRET_PREVIOUS no longer lists: the old derivation is all that is left.
    console.error(`[automations] the webhook secret of brand ${brandId} cannot be opened; it is derived from AUTH_SECRET again`);
  }
  const key = legacySecret(brandId);
  const sealed = seal("webhook-secret-seal", key.toString("base64"));
  // Two first uses at once store the same secret: the second write changes nothing that matters.
  await db.brandWebhookSecret.upsert({
    where: { brandId },
    create: { brandId, sealed, createdAt: new Date() },
    update: row ? { sealed } : {},
  });
  return key;
}

export async function webhookSecret(brandId: string): Promise<string> {
  return `${PREFIX}${(await webhookKey(brandId)).toString("base64")}`;
}

/** A new random secret for the brand; the old one stops signing at once. */
export async function rotateWebhookSecret(brandId: string): Promise<{ secret: string; rotatedAt: string }> {
  const key = randomBytes(32);
  const now = new Date();
  const sealed = seal("webhook-secret-seal", key.toString("base64"));
  await db.brandWebhookSecret.upsert({
    where: { brandId },
    create: { brandId, sealed, rotatedAt: now, createdAt: now },
    update: { sealed, rotatedAt: now },
  });
  return { secret: `${PREFIX}${key.toString("base64")}`, rotatedAt: now.toISOString() };
}
