// GET /email/view/{token}: the web version of an email (message.view_in_browser_url). The email's HTML is
// served in a CSP sandbox (no scripts, an opaque origin), never as a page of Inkwell's own origin. Inkwell's
// server sets the same policy for this path (server/security-headers.ts); the route's own headers are
// written last, so the sandbox holds however the route is served.
import { webVersionOf } from "@/lib/delivery/recipient-pages";

export const dynamic = "force-dynamic";

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https:; font-src https: data:; frame-ancestors 'none'",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
};

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const result = await webVersionOf((await params).token);
  if (result.status === 200) return new Response(result.html, { status: 200, headers: HEADERS });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email not available</title></head><body style="font-family:sans-serif;padding:2rem"><p>${result.reason}</p></body></html>`;
  return new Response(page, { status: 404, headers: HEADERS });
}
