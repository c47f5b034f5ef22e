// POST /oauth2/authorize/decision: the consent form's Allow / Deny.
import { consentDecision } from "@/lib/oauth/consent-decision";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return consentDecision(request);
}
