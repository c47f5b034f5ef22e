// Files the dashboard links to (a report's CSV): a link a person follows (or opens in a new tab) sends the
// session cookie and nothing else, no Service-Version header, so it cannot be an /api URL (the contract
// requires the header there: 400). These routes sit outside /api, take the session cookie only, act for the
// brand the session acts for (the same tenant check as the API: the lib function is scoped by brand) and
// call the same lib function as the API's route. Signed out: to the sign-in page, and back after it.
import type { z } from "zod";
import { BRAND_COOKIE, readCookie, sessionUserId } from "@/lib/auth/session-cookie";
import { loginUrlFor } from "@/lib/auth/callback-url";
import { activeBrandId } from "@/lib/brands/memberships";
import { config } from "@/lib/config";
import { ApiProblem, problemResponse } from "@/lib/http/problems";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { newId } from "@/lib/ids";

type Context<P, Q> = { brandId: string; params: P; query: Q };

/** A GET route handler for a dashboard download: the session's brand, the path's params and the parsed query. */
export function download<P extends Record<string, string>, Q>(
  schemas: { params: z.ZodType<P>; query: z.ZodType<Q> },
  handler: (context: Context<P, Q>) => Promise<Response>,
) {
  return async (request: Request, { params }: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const url = new URL(request.url);
    const cookies = request.headers.get("cookie");
    const userId = await sessionUserId(cookies);
    if (!userId) {
      const login = new URL(loginUrlFor(url.pathname + url.search), config().appOrigin);
      return new Response(null, { status: 303, headers: { Location: login.toString(), "Cache-Control": "no-store" } });
    }
    try {
      const brandId = await activeBrandId(userId, readCookie(cookies, BRAND_COOKIE));
      if (!brandId) throw new ApiProblem("forbidden", "Your account does not belong to any brand");
      const parsedParams = schemas.params.safeParse(await params);
      const parsedQuery = schemas.query.safeParse(Object.fromEntries(url.searchParams));
      const issues = [
        ...(parsedParams.success ? [] : fieldErrorsFromZod(parsedParams.error.issues)),
        ...(parsedQuery.success ? [] : fieldErrorsFromZod(parsedQuery.error.issues)),
      ];
      if (!parsedParams.success || !parsedQuery.success)
        throw new ApiProblem("validation-failed", "The link is not valid", { errors: issues });
      return await handler({ brandId, params: parsedParams.data, query: parsedQuery.data });
    } catch (error) {
      if (error instanceof ApiProblem) return problemResponse(error, newId(), config().appOrigin);
      throw error;
    }
  };
}

/** A CSV file, streamed, as a download named `filename`. */
export function csvFile(stream: ReadableStream<Uint8Array> | ReadableStream<string>, filename: string): Response {
  return new Response(stream as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
