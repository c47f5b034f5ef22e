// The security headers of every response Inkwell sends, in development and in production: one source.
//
// Inkwell's server (server/http-server.ts) sets them on every response before anything answers it
// (the API router, Next's pages, static files, errors and 404s), and the proxy (proxy.ts) sets the
// pages' Content-Security-Policy with the nonce it makes per request. A route that answers with a policy
// of its own keeps it (a route's headers are written after these; the proxy runs for pages only): the web
// version of an email (app/email/view) and uploaded images are sandboxed, the OAuth consent POST's error
// page (lib/oauth/html-page.ts) allows only its inline style.
//
// Pure and import-free: the server loads it directly and Next bundles it into the proxy.

/** A page's rendering: its nonce, and whether Next.js renders it in development (`npm run dev`). */
export type PageRender = { nonce: string; development: boolean };

/**
 * The dashboard's pages: scripts only from Inkwell's origin, and inline scripts only with the nonce of
 * the request (Next.js puts it on its own scripts, read from this header of the request). 'strict-dynamic'
 * lets those scripts load the page's chunks. Styles may be inline (React's style attributes and email
 * previews, which are srcdoc iframes and so inherit this policy) and from https (the custom fonts an email
 * names); images from anywhere an email may show them.
 *
 * The one difference between the modes: React in development evaluates strings to rebuild server call
 * stacks for its error overlay (it logs an error on every page without 'unsafe-eval'); production never
 * allows it.
 */
export function pagePolicy({ nonce, development }: PageRender): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page (API answers, files, images, redirects): nothing may run or load. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The OAuth flow's pages must not leak their URLs (the authorization request, with state and the PKCE
 * challenge, rides in them and in /login's callbackUrl) to other sites. Not no-referrer: Chromium then sends
 * "Origin: null" on the consent POST, which the Origin check refuses.
 */
function referrerPolicy(pathname: string): string {
  return pathname.startsWith("/oauth2/") || pathname === "/login" || pathname === "/signup"
    ? "same-origin"
    : "strict-origin-when-cross-origin";
}

/**
 * The headers for a response to `pathname`; `page` for a page the proxy renders. No page of Inkwell may be
 * framed by another site (clickjacking, RFC 9700 section 4.16): Inkwell frames nothing of its own by URL
 * (email previews are srcdoc iframes), so the rule has no exceptions.
 */
export function securityHeaders(pathname: string, page?: PageRender): Record<string, string> {
  return {
    "Content-Security-Policy": page ? pagePolicy(page) : RESOURCE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": referrerPolicy(pathname),
  };
}
