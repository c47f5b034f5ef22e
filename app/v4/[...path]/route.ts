// Anything under /v4 that no route claims: a problem with the lifecycle headers, never an HTML page.
import { apiFallback } from "@/lib/http/fallback";
import { handler } from "@/lib/http/route";
import { MIGRATION_GUIDE } from "@/lib/v4/lifecycle";
import { v4Methods } from "@/lib/v4/route";

const notFound = handler((request) =>
  apiFallback(request, `No v4 endpoint at {path}; v4 serves /v4/identify, /v4/contacts/{lookup} and /v4/track (see ${MIGRATION_GUIDE})`),
);

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods("/api", {
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
});
