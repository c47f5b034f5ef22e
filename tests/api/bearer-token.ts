// An OAuth access token for a brand, obtained the way an app gets one: an approved client, a signed-in
// user who allows the consent, and the code exchanged at /oauth2/token.
import { expect } from "vitest";
import { createSession, json } from "./helpers";
import { authorize, createTestClient, exchangeCode, type TestClient } from "./oauth-helpers";

export async function createBearerToken(brandId: string, scope: string, client?: TestClient): Promise<string> {
  const app = client ?? (await createTestClient());
  const session = await createSession(brandId);
  const params = await authorize(app, session.cookie, { scope });
  const res = await exchangeCode(app, params.get("code")!);
  const tokens = await json(res);
  expect(res.status, JSON.stringify(tokens)).toBe(200);
  return tokens.access_token as string;
}
