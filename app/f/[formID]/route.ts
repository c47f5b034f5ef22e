// /f/{formID}: the hosted signup page (GET, counts a view) and the submission (POST: urlencoded from the
// page, JSON from the embed script, with CORS). Public, no session (docs/forms.md).
//
// The handlers built with lib/http's handler() (POST, OPTIONS, the 405s) are served by Inkwell's server
// itself (app/public-routes.ts): a submission is as hot a path as an API call (bench:forms). The hosted page
// (GET, and HEAD from it) is Next's.
import { hostedPage, methodNotAllowed, preflight, submission } from "@/lib/forms/public-endpoints";
import { handler } from "@/lib/http/route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ formID: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return hostedPage((await params).formID);
}

export const POST = handler(async (request, { params }) => submission(request, String((await params).formID)));

export const OPTIONS = handler(preflight);

// Every error of the JSON submission is a problem (API-CONTRACT), a wrong method's too.
export const PUT = handler(methodNotAllowed);
export const PATCH = handler(methodNotAllowed);
export const DELETE = handler(methodNotAllowed);
