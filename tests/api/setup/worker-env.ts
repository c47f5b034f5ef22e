// Test files seed data through lib/ against the server's database, so they share its DATABASE_URL.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = inject("authSecret");
// As the server's (setup/test-server.ts): files that send through lib/ use the deployment's address too.
process.env.SMTP_FROM_SHARED ??= "on";
