/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@node-rs/argon2", "mjml", "pg"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [
      {
        // No page of Inkwell may be framed by another site (clickjacking, RFC 9700 section 4.16): not the
        // OAuth flow's sign-in, sign-up, consent and error pages, nor the dashboard. Inkwell frames nothing of
        // its own by URL (email previews are srcdoc iframes), so the rule has no exceptions.
        source: "/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      // The web version of an email (app/email/view) is user content: served in a CSP sandbox (no scripts, an
      // opaque origin). Later entries win for the same header key, so this replaces the rule above there.
      {
        source: "/email/view/:token",
        headers: [
          {
            key: "Content-Security-Policy",
            value:
              "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https:; font-src https: data:; frame-ancestors 'none'",
          },
        ],
      },
      // The flow's pages must not leak their URLs (the authorization request, with state and the PKCE
      // challenge, rides in them and in /login's callbackUrl) to other sites.
      // Not no-referrer: Chromium then sends "Origin: null" on the consent POST, which the Origin check refuses.
      ...["/oauth2/:path*", "/login", "/signup"].map((source) => ({ source, headers: [{ key: "Referrer-Policy", value: "same-origin" }] })),
    ];
  },
};

export default nextConfig;
