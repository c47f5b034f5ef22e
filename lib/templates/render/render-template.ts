// POST /api/email-templates/{id}/render: the template as read (layouts resolved, badge for free plans),
// for a contact of the brand or, without one, as a preview with sample data.
// POST /api/email-content/{id}/render: the same document with an empty data context (as published).
import { db } from "@/lib/db";
import { getTemplate } from "@/lib/templates/get-template";
import { loadRecipientData } from "./load-recipient-data";
import { findRecipient } from "./recipient";
import { renderDocument, renderResult } from "./render-document";
import type { RenderInput, RenderResult } from "./schemas";

const brandOf = (brandId: string) => db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { id: true, plan: true, features: true } });

export async function renderTemplate(brandId: string, templateId: string, input: RenderInput | undefined): Promise<RenderResult> {
  const [template, brand] = await Promise.all([getTemplate(brandId, templateId), brandOf(brandId)]);
  const recipient = input?.contactID || input?.email ? await findRecipient(brandId, input) : null;
  return renderResult(await renderDocument(template, await loadRecipientData(brand, template, recipient)));
}

export async function renderContent(brandId: string, contentId: string): Promise<RenderResult> {
  const [template, brand] = await Promise.all([getTemplate(brandId, contentId), brandOf(brandId)]);
  return renderResult(await renderDocument(template, await loadRecipientData(brand, template, null, { empty: true })));
}
