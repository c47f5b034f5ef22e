// Anything under /api that no route claims: a problem, never Next's HTML 404 page.
import { ApiProblem } from "@/lib/http/problems";
import { withProblems, type RouteHandler } from "@/lib/http/route";

const notFound: RouteHandler = (request) =>
  withProblems(request, async () => {
    throw new ApiProblem("not-found", `No API endpoint at ${new URL(request.url).pathname}; see /docs/api`);
  });

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
