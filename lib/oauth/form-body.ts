// Reads an application/x-www-form-urlencoded body (token, revocation and consent endpoints).
import { OAuthError } from "./errors";

const MAX_BODY = 16 * 1024;

export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  const text = await request.text();
  if (text.length > MAX_BODY) throw new OAuthError("invalid_request", "The body is too large");
  const form = new URLSearchParams(text);
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw new OAuthError("invalid_request", `The parameter ${name.slice(0, 40)} is repeated`);
  }
  return form;
}
