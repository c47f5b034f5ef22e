// Authorization codes: random, single use, valid ten minutes, bound to everything the token request must repeat.
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Scope } from "@/lib/http/scopes";
import { hashSecret, PREFIX, randomSecret } from "./secrets";

export const CODE_LIFETIME_MS = 10 * 60_000;

export type CodeBinding = {
  clientDbId: string;
  userId: string;
  brandId: string;
  redirectUri: string;
  scopes: Scope[];
  codeChallenge: string | null;
};

export async function issueAuthorizationCode(binding: CodeBinding): Promise<string> {
  const code = randomSecret(PREFIX.code);
  await db.authorizationCode.create({
    data: {
      id: newId(),
      codeHash: hashSecret(code),
      clientId: binding.clientDbId,
      userId: binding.userId,
      brandId: binding.brandId,
      redirectUri: binding.redirectUri,
      scopes: binding.scopes,
      codeChallenge: binding.codeChallenge,
      codeChallengeMethod: binding.codeChallenge ? "S256" : null,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    },
  });
  // Expired codes are worthless; clearing them here keeps the table small without a scheduler.
  await db.authorizationCode.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 24 * 3600_000) }, usedAt: null } });
  return code;
}
