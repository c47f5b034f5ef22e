// Test files seed data through lib/ against the server's database, so they share its DATABASE_URL.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = inject("authSecret");
