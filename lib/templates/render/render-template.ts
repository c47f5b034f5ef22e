// POST /api/email-templates/{id}/render: the template as read (layouts resolved, badge for free plans),
// for a contact of the brand or, without one, as a preview with sample data.
import { db } from "@/lib/db";
import { getTemplate } from "@/lib/templates/get-template";
import { loadRecipientData } from "./load-recipient-data";
import { findRecipient } from "./recipient";
import { renderDocument, type Rendered } from "./render-document";
import type { RenderInput } from "./schemas";

export async function renderTemplate(brandId: string, templateId: string, input: RenderInput | undefined): Promise<Rendered> {
  const [template, brand] = await Promise.all([
    getTemplate(brandId, templateId),
    db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { id: true, plan: true, features: true } }),
  ]);
  const recipient = input?.contactID || input?.email ? await findRecipient(brandId, input) : null;
  return renderDocument(template, await loadRecipientData(brand, template, recipient));
}
