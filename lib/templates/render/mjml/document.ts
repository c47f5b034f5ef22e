// A whole template → one MJML document.
import { effectivePresets } from "@/lib/templates/default-presets";
import type { GeneralSettings } from "@/lib/templates/schema";
import type { RenderSection } from "../types";
import type { Shape } from "../shape";
import type { Tokenizer } from "../tokens";
import { backgroundClasses, linkClasses, type BuildContext } from "./context";
import { renderSection } from "./sections";
import { backgroundUrl } from "./styles";
import { el } from "./xml";

export const BREAKPOINT_PX = 480;

// Visibility by device. Outlook for Windows ignores media queries; mso-hide covers it for desktop hiding.
const VISIBILITY_CSS =
  `@media only screen and (min-width:${BREAKPOINT_PX}px){.ink-hide-desktop,.ink-hide-desktop-outlook{display:none!important;mso-hide:all!important;max-height:0!important;overflow:hidden!important}}` +
  `@media only screen and (max-width:${BREAKPOINT_PX - 1}px){.ink-hide-mobile{display:none!important;max-height:0!important;overflow:hidden!important}}`;

/** Gmail's promotions-tab annotation (schema.org JSON-LD in the head); `<` is escaped so it cannot end the script. */
export function gmailAnnotation(gmail: GeneralSettings["gmail"]): string {
  const a = gmail?.annotation;
  if (!a?.isEnabled) return "";
  const items: Record<string, string>[] = [];
  if (a.logoUrl) items.push({ "@context": "http://schema.org/", "@type": "Organization", logo: a.logoUrl });
  if (a.discountDescription || a.discountCode) {
    const offer: Record<string, string> = { "@context": "http://schema.org/", "@type": "DiscountOffer" };
    if (a.discountDescription) offer.description = a.discountDescription;
    if (a.discountCode) offer.discountCode = a.discountCode;
    if (a.offerStartDate) offer.availabilityStarts = a.offerStartDate;
    if (a.offerEndDate) offer.availabilityEnds = a.offerEndDate;
    items.push(offer);
  }
  if (items.length === 0) return "";
  const json = JSON.stringify(items).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
  return el("mj-raw", {}, `<script type="application/ld+json">${json}</script>`);
}

/** The custom fonts the sections name (settings.customFonts with a name and an https stylesheet), once each. */
export function customFonts(sections: readonly RenderSection[]): string {
  const seen = new Map<string, string>();
  for (const section of sections) {
    for (const font of section.settings?.customFonts ?? []) {
      if (font.name && font.href && !seen.has(font.name)) seen.set(font.name, font.href);
    }
  }
  return [...seen].map(([name, href]) => el("mj-font", { name, href })).join("");
}

export function templateToMjml(
  doc: { name?: string; generalSettings?: GeneralSettings; sections: readonly RenderSection[] },
  shape: Shape,
  tokens: Tokenizer,
): string {
  const settings = doc.generalSettings ?? {};
  const presets = effectivePresets(settings);
  const contentWidth = parseInt(settings.content?.width ?? "600px", 10);
  const css: string[] = [];
  const ctx: BuildContext = {
    tokens,
    settings,
    ...presets,
    contentWidth,
    shape,
    css,
    linkClass: linkClasses(css),
    backgroundClass: backgroundClasses(css),
  };
  const body = doc.sections.map((section, i) => renderSection(section, i, ctx)).join("");

  const content = settings.content ?? {};
  const page = settings.body ?? {};
  const attributes = [
    el("mj-all", { "font-family": content.fontFamily ?? "Arial, Helvetica, sans-serif" }),
    el("mj-text", { "font-size": content.fontSize ?? "16px", color: content.color ?? "#222222", "line-height": "1.5" }),
    el("mj-wrapper", { padding: "0px", "background-color": content.backgroundColor ?? "#ffffff" }),
    el("mj-section", { padding: "8px 0px" }),
  ].join("");
  const pageImage = backgroundUrl(page);
  const bodyBackground = pageImage
    ? `.ink-body{background-image:url("${pageImage.replace(/["\\()<>\s]/g, encodeURIComponent)}");background-repeat:${page.backgroundRepeat ?? "repeat"}${page.backgroundSize ? `;background-size:${page.backgroundSize}` : ""}}`
    : "";
  const head = [
    doc.name ? el("mj-title", {}, escapeText(doc.name)) : "",
    el("mj-breakpoint", { width: `${BREAKPOINT_PX}px` }),
    customFonts(doc.sections),
    el("mj-attributes", {}, attributes),
    el("mj-style", {}, VISIBILITY_CSS + bodyBackground),
    ...ctx.css.map((css) => el("mj-style", {}, css)),
    gmailAnnotation(settings.gmail),
  ].join("");
  return el(
    "mjml",
    {},
    el("mj-head", {}, head) +
      el("mj-body", { width: `${contentWidth}px`, "background-color": page.backgroundColor, "css-class": "ink-body" }, body),
  );
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}
