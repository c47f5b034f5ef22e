/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@node-rs/argon2", "mjml", "pg"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  // No headers() here: Inkwell's server sets the security headers of every response, the API's included,
  // in development and production alike (server/security-headers.ts, with proxy.ts for the pages' nonce).
};

export default nextConfig;
