// POST /oauth2/authorize/decision: the consent form's Allow or Deny. The request is validated again from
// the submitted fields (nothing from the GET is trusted), the form must carry a CSRF token bound to the
// user and to this exact request, and come from our own origin.
import { sessionUserId } from "@/lib/auth/session-cookie";
import { checkSameOrigin } from "@/lib/http/origin";
import { db } from "@/lib/db";
import { authorizeQuery, redirectWith, validateAuthorizeRequest } from "./authorize-request";
import { issueAuthorizationCode } from "./codes";
import { verifyConsentToken } from "./consent-token";
import { htmlErrorPage } from "./html-page";
import { OAuthError } from "./errors";
import { readForm } from "./form-body";

const AUTHORIZE_FIELDS = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"];

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

export async function consentDecision(request: Request): Promise<Response> {
  try {
    checkSameOrigin(request);
  } catch {
    return htmlErrorPage(403, "Request refused", "The consent form must be submitted from Inkwell itself.");
  }
  let form: URLSearchParams;
  try {
    form = await readForm(request);
  } catch (error) {
    return htmlErrorPage(400, "Invalid request", error instanceof OAuthError ? error.description : "The form could not be read.");
  }
  const query = new URLSearchParams();
  for (const name of AUTHORIZE_FIELDS) {
    const value = form.get(name);
    if (value !== null) query.set(name, value);
  }
  const validation = await validateAuthorizeRequest(query);
  if (validation.kind === "fatal") return htmlErrorPage(400, validation.title, validation.message);
  if (validation.kind === "redirect-error") {
    return seeOther(
      redirectWith(validation.redirectUri, { error: validation.error, error_description: validation.description, state: validation.state }),
    );
  }
  const { client, params } = validation;
  const canonical = authorizeQuery(params).toString();

  const userId = await sessionUserId(request.headers.get("cookie"));
  if (!userId) return seeOther("/login?callbackUrl=" + encodeURIComponent(`/oauth2/authorize?${canonical}`));
  if (!verifyConsentToken(form.get("csrf_token") ?? "", userId, canonical)) {
    return htmlErrorPage(403, "Request expired", `This consent form is no longer valid. Go back to ${client.name} and start again.`);
  }

  const decision = form.get("decision");
  if (decision === "deny") {
    return seeOther(
      redirectWith(params.redirectUri, { error: "access_denied", error_description: "The user denied the request", state: params.state }),
    );
  }
  if (decision !== "allow") return htmlErrorPage(400, "Invalid request", "Choose Allow or Deny.");

  const brandId = form.get("brand") ?? "";
  const member =
    brandId.length <= 64
      ? await db.membership.findUnique({ where: { userId_brandId: { userId, brandId } }, select: { brandId: true } })
      : null;
  if (!member) return htmlErrorPage(400, "Choose a brand", "Choose one of your brands to connect to the app.");

  const code = await issueAuthorizationCode({
    clientDbId: client.id,
    userId,
    brandId: member.brandId,
    redirectUri: params.redirectUri,
    scopes: params.scopes,
    codeChallenge: params.codeChallenge,
  });
  return seeOther(redirectWith(params.redirectUri, { code, state: params.state }));
}
