// The web version of an email (message.view_in_browser_url): the template rendered again for the
// contact the link was made for (a preview link shows sample data). It is the template as it is now:
// Inkwell keeps no copy of each email sent.
import { ApiProblem } from "@/lib/http/problems";
import { renderTemplateFor } from "@/lib/templates/render/render-template";
import { verifyLink } from "./link-token";

export type WebVersion = { status: 200; html: string } | { status: 404; reason: string };

const GONE = "This email is no longer available.";

export async function webVersion(token: string): Promise<WebVersion> {
  const claims = verifyLink(token);
  if (!claims || !claims.templateId) return { status: 404, reason: "This link is not valid. Check that it was copied whole." };
  try {
    const who = claims.contactId && claims.mode !== "preview" ? { contactID: claims.contactId } : undefined;
    const { html } = await renderTemplateFor(claims.brandId, claims.templateId, who, { mode: claims.mode === "test" ? "test" : "live" });
    return { status: 200, html };
  } catch (error) {
    if (error instanceof ApiProblem && (error.code === "not-found" || error.code === "template-syntax"))
      return { status: 404, reason: GONE };
    // The brand was deleted (Prisma's "record not found" from its lookup).
    if ((error as { code?: unknown }).code === "P2025") return { status: 404, reason: GONE };
    throw error;
  }
}
