// Reads the dashboard session straight from the Auth.js cookie, so the API pipeline can authenticate
// a request wherever it runs (Next route handler or the ingestion server) without Next's request scope.
import { authSecret } from "@/lib/config";
import { decode } from "next-auth/jwt";

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
export const BRAND_COOKIE = "inkwell-brand";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The signed-in user's id, or null when there is no valid session cookie. */
export async function sessionUserId(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader) return null;
  const secret = authSecret();
  for (const name of SESSION_COOKIES) {
    // Large sessions are split into name.0, name.1, ... by Auth.js.
    let token = readCookie(cookieHeader, name);
    if (!token) {
      const parts: string[] = [];
      for (let i = 0; ; i++) {
        const part = readCookie(cookieHeader, `${name}.${i}`);
        if (!part) break;
        parts.push(part);
      }
      token = parts.length ? parts.join("") : null;
    }
    if (!token) continue;
    try {
      const payload = await decode({ token, secret, salt: name });
      const uid = payload?.uid;
      if (typeof uid === "string") return uid;
    } catch {
      /* tampered or stale cookie: not signed in */
    }
  }
  return null;
}
