// GET /f/{formID}/challenge: the proof-of-work challenge the form's script solves before it posts.
import { challenge, preflight } from "@/lib/forms/public-endpoints";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ formID: string }> }): Promise<Response> {
  return challenge(request, (await params).formID);
}

export async function OPTIONS(): Promise<Response> {
  return preflight();
}
