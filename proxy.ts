// Tells server components which page was asked for (x-inkwell-path), so a signed-out visitor can be
// sent to /login?callbackUrl=<that page> and come back after signing in. Layouts cannot read the URL.
import { NextResponse, type NextRequest } from "next/server";
import { PATH_HEADER } from "@/lib/auth/callback-url";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: the API, Auth.js endpoints, uploaded images and static assets do not need it.
  matcher: [
    "/((?!api/|v4/|auth/|images/|image/newsletter/|email/o/|email/c/|email/list-unsubscribe/|webhooks/|oauth2/token|oauth2/revoke|oauth2/introspect|\\.well-known/|_next/static|_next/image|favicon.ico|healthz).*)",
  ],
};
