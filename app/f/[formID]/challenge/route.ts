// GET /f/{formID}/challenge: the proof-of-work challenge the form's script solves before it posts. Served by
// Inkwell's server itself (app/public-routes.ts), as the submission is.
import { challenge, preflight } from "@/lib/forms/public-endpoints";
import { handler } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = handler(async (request, { params }) => challenge(request, String((await params).formID)));

export const OPTIONS = handler(preflight);
