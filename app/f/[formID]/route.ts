// /f/{formID}: the hosted signup page (GET, counts a view) and the submission (POST: urlencoded from the
// page, JSON from the embed script, with CORS). Public, no session (docs/forms.md).
import { hostedPage, methodNotAllowed, preflight, submission } from "@/lib/forms/public-endpoints";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ formID: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return hostedPage((await params).formID);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  return submission(request, (await params).formID);
}

export async function OPTIONS(): Promise<Response> {
  return preflight();
}

// Every error of the JSON submission is a problem (API-CONTRACT), a wrong method's too.
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
