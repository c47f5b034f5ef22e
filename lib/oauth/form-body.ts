// Reads an application/x-www-form-urlencoded body (token, revocation and consent endpoints).
import { isStorableText, parseUrlEncoded } from "@/lib/http/unicode";
import { OAuthError } from "./errors";

const MAX_BODY = 16 * 1024;

export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY) throw new OAuthError("invalid_request", "The body is too large");
  // Parsed as URLSearchParams would, but bytes that are not UTF-8 (and NUL) are refused, not turned into U+FFFD.
  const pairs = parseUrlEncoded(bytes);
  const illFormed = pairs.find(([name, value]) => !isStorableText(name) || !isStorableText(value));
  if (illFormed) {
    const name = isStorableText(illFormed[0]) ? `The parameter ${illFormed[0].slice(0, 40)}` : "A parameter name";
    throw new OAuthError("invalid_request", `${name} is not well-formed UTF-8 text (or holds a NUL)`);
  }
  const form = new URLSearchParams(pairs);
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw new OAuthError("invalid_request", `The parameter ${name.slice(0, 40)} is repeated`);
  }
  return form;
}
