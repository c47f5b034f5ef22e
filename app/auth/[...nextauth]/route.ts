// Auth.js endpoints (sign-in callback, sign-out, session, CSRF token) under /auth.
import { handlers } from "@/lib/auth/config";

export const { GET, POST } = handlers;
