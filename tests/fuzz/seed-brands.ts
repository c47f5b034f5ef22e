// Run as its own process against the fuzz server's database (DATABASE_URL, AUTH_SECRET): two brands
// ("own", whose credentials the fuzzer uses, and "other", whose resources it probes), each with an API
// key, a dashboard user and an OAuth access token with every scope. Prints them as JSON on its last line.
import { randomBytes } from "node:crypto";
import { createUser } from "@/lib/accounts/users";
import { createApiKey } from "@/lib/brands/api-keys";
import { createBrand } from "@/lib/brands/create-brand";
import { db } from "@/lib/db";
import { SCOPES } from "@/lib/http/scopes";
import { createApprovedClient, findApprovedClient } from "@/lib/oauth/clients";
import { issueAuthorizationCode } from "@/lib/oauth/codes";
import { exchangeAuthorizationCode } from "@/lib/oauth/tokens";

export type SeededBrand = {
  brandId: string;
  apiKey: string;
  apiKeyId: string;
  email: string;
  password: string;
  userId: string;
  bearer: string;
};
export type Seeded = { own: SeededBrand; other: SeededBrand; client: { clientId: string; clientSecret: string } };

const REDIRECT_URI = "https://fuzz.example/callback";

async function brand(label: string, client: { clientId: string }): Promise<SeededBrand> {
  const { id: brandId } = await createBrand({ name: `Fuzz ${label}`, plan: "pro" });
  const { key: apiKey, apiKey: summary } = await createApiKey(brandId, `fuzz ${label}`);
  const email = `fuzz-${label}-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Fuzz-${randomBytes(9).toString("base64url")}`;
  const { userId } = await createUser({ email, password, brandId });
  const row = (await findApprovedClient(client.clientId))!;
  const code = await issueAuthorizationCode({
    clientDbId: row.id,
    userId,
    brandId,
    redirectUri: REDIRECT_URI,
    scopes: [...SCOPES],
    codeChallenge: null,
  });
  const tokens = await exchangeAuthorizationCode(
    { id: row.id, clientId: row.clientId, pkceRequired: false, resourceServer: false },
    new URLSearchParams({ code, redirect_uri: REDIRECT_URI }),
  );
  return { brandId, apiKey, apiKeyId: summary.id, email, password, userId, bearer: tokens.access_token };
}

async function main() {
  const client = await createApprovedClient({ name: "Fuzz client", redirectUris: [REDIRECT_URI], scopes: [...SCOPES] });
  const seeded: Seeded = { own: await brand("own", client), other: await brand("other", client), client };
  console.log(JSON.stringify(seeded));
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
