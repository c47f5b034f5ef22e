/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@node-rs/argon2",
    "mjml",
    "pg",
    "smtp-server",
    "mailparser",
  ],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  // The server's own request for the app's entry (server/app-entry.ts, before each API request under
  // `npm run dev`) is not worth a line; the server logs the API requests themselves.
  logging: { incomingRequests: { ignore: [/^\/api\/server-entry/] } },
  // No headers() here: Inkwell's server sets the security headers of every response, the API's included,
  // in development and production alike (server/security-headers.ts, with proxy.ts for the pages' nonce).
};

export default nextConfig;
