// Runs before every page (Next's proxy convention):
//  - a Content-Security-Policy with a nonce made for this request (server/security-headers.ts, the one
//    source of Inkwell's security headers). Next.js reads the nonce from the request's header and puts it
//    on the scripts it renders; the response carries the same policy, so an inline script without the
//    nonce does not run. Pages are rendered per request (the root layout reads the request), so every
//    page gets a fresh nonce;
//  - which page was asked for (x-inkwell-path), so a signed-out visitor can be sent to
//    /login?callbackUrl=<that page> and come back after signing in. Layouts cannot read the URL.
import { NextResponse, type NextRequest } from "next/server";
import { PATH_HEADER } from "@/lib/auth/callback-url";
import { securityHeaders } from "@/server/security-headers";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  // NODE_ENV is Next's build mode, which Next.js writes into this bundle (not configuration: lib/config.ts).
  const security = securityHeaders(request.nextUrl.pathname, { nonce, development: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  headers.set("Content-Security-Policy", security["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only. Not the API (served by Inkwell's server, never by Next), Auth.js endpoints, uploaded images,
  // static assets, nor the route handlers among the pages, some of which answer with a policy of their own
  // that the proxy's would replace (the email's web version, the consent POST's error page, the signup forms' pages under /f/): Inkwell's server
  // gives them all the same headers without a nonce (server/security-headers.ts).
  matcher: [
    "/((?!api/|v4/|auth/|images/|image/newsletter/|oauth2/token|oauth2/revoke|oauth2/introspect|oauth2/authorize/decision|email/view/|email/o/|email/c/|email/list-unsubscribe/|webhooks/|f/|email/preferences/[^/]+/save|email/unsubscribe/[^/]+/confirm|\\.well-known/|_next/static|_next/image|favicon.ico|icon.svg|healthz).*)",
  ],
};
