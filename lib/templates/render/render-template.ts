// POST /api/email-templates/{id}/render: the template as read (layouts resolved, badge for free plans),
// for a contact of the brand or, without one, as a preview with sample data.
// POST /api/email-content/{id}/render: the same document with an empty data context (as published).
// Test sends and the web version of an email render through renderTemplateFor too.
import { db } from "@/lib/db";
import { getTemplate } from "@/lib/templates/get-template";
import type { Template } from "@/lib/templates/schema/template";
import { loadRecipientData, type LinkOptions } from "./load-recipient-data";
import { findRecipient, type Recipient } from "./recipient";
import { renderDocument, renderResult, type Rendered } from "./render-document";
import type { RenderInput, RenderResult } from "./schemas";

const brandOf = (brandId: string) =>
  db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { id: true, plan: true, features: true, name: true, postalAddress: true } });

export type RenderedFor = Rendered & { template: Template; recipient: Recipient | null };

/** The template for a contact of the brand (by id or email), or a preview with sample data. */
export async function renderTemplateFor(
  brandId: string,
  templateId: string,
  who: RenderInput | undefined,
  options: LinkOptions = {},
): Promise<RenderedFor> {
  const [template, brand] = await Promise.all([getTemplate(brandId, templateId), brandOf(brandId)]);
  const recipient = who?.contactID || who?.email ? await findRecipient(brandId, who) : null;
  const rendered = await renderDocument(template, await loadRecipientData(brand, template, recipient, options));
  return { ...rendered, template, recipient };
}

export async function renderTemplate(brandId: string, templateId: string, input: RenderInput | undefined): Promise<RenderResult> {
  return renderResult(await renderTemplateFor(brandId, templateId, input));
}

export async function renderContent(brandId: string, contentId: string): Promise<RenderResult> {
  const [template, brand] = await Promise.all([getTemplate(brandId, contentId), brandOf(brandId)]);
  return renderResult(await renderDocument(template, await loadRecipientData(brand, template, null, { empty: true })));
}
