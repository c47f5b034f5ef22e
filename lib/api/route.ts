// The API's route(): lib/http's pipeline with Inkwell's credentials (API keys, OAuth bearer tokens,
// dashboard sessions). Route files under app/api import `route` from here, everything generic from lib/http.
import { authenticateRequest } from "@/lib/auth/authenticate-request";
import { createRoute } from "@/lib/http/route";

export const route = createRoute(authenticateRequest);
