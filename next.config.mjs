/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@node-rs/argon2", "mjml", "pg"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [
      {
        // The consent page must not be framed (clickjacking, RFC 9700 section 4.16) nor leak its URL.
        source: "/oauth2/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
          // Not no-referrer: Chromium then sends "Origin: null" on the consent POST, which the Origin check refuses.
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
