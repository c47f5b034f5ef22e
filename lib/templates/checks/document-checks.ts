// The checks a document's content decides, whoever receives it: placeholder links, images without alt
// text or over http, tags without a default, and a missing unsubscribe link. Cached per template version.
import { CONTACT_MERGE_TAGS, CUSTOM_PROPERTY_PREFIX, UNSUBSCRIBE_TAG } from "@/lib/templates/merge-tags";
import { absoluteUrl } from "@/lib/templates/render/mjml/styles";
import { findTags } from "@/lib/templates/render/tags";
import type { RenderableTemplate } from "@/lib/templates/render/types";
import type { Block } from "@/lib/templates/schema";
import { check, type Check, type CheckPlace } from "./check";
import { htmlRefs } from "./html-refs";
import { placedBlocks, placedParts, strings } from "./walk-blocks";
import { perVersion } from "@/lib/templates/render/per-version";

const PLACEHOLDER_HOST = /(?:^|\.)example\.(?:com|org|net)$/i;

/** Why a link leads nowhere useful, or null. A link made by a tag ([[...]]) is the recipient's. */
export function linkProblem(href: string): string | null {
  const value = href.trim();
  if (value === "") return "is empty";
  if (value === "#") return "is “#”, which leads nowhere";
  if (value.startsWith("[[")) return null;
  let host: string;
  try {
    host = new URL(value).hostname;
  } catch {
    return null;
  }
  return PLACEHOLDER_HOST.test(host) ? `goes to ${host}, a placeholder address` : null;
}

/** Why an image address is a problem in email, or null (tags fill it per recipient). */
export function imageProblem(src: string): string | null {
  const value = src.trim();
  if (!value || value.startsWith("[[")) return null;
  const url = absoluteUrl(value);
  return url.startsWith("http://") ? "is served over http, not https: many email apps block it or mark the email unsafe" : null;
}

const quote = (text: string, max = 40) => `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;

const NEEDS_FALLBACK = new Set(CONTACT_MERGE_TAGS.filter((t) => t.needsFallback).map((t) => t.path));
const fieldLabel = (path: string) =>
  CONTACT_MERGE_TAGS.find((t) => t.path === path)?.label.toLowerCase() ?? `“${path.slice(CUSTOM_PROPERTY_PREFIX.length)}” value`;

const DISCOUNT_TYPES = new Set(["discount", "staticDiscount", "dynamicDiscount"]);
const buttonSubject = (text: string | undefined) => `The link of the button ${quote(text ?? "Button")}`;

function blockChecks(block: Block, pointer: string): Check[] {
  const out: Check[] = [];
  const at = (p = pointer): CheckPlace => ({ blockId: block.id, pointer: p });
  const link = (href: string | undefined, where: string, p: string, subject: string) => {
    if (href === undefined) return;
    const problem = linkProblem(href);
    if (problem) out.push(check("placeholder-link", `${subject} ${problem}.`, at(`${p}/${where}`)));
  };
  const image = (src: string | undefined, alt: string | null | undefined, p: string, what: string, needsAlt: boolean) => {
    if (!src) return;
    const problem = imageProblem(src);
    if (problem) out.push(check("image-not-https", `${what} ${problem}.`, at(p)));
    if (needsAlt && !alt?.trim())
      out.push(
        check(
          "image-alt-missing",
          `${what} has no alt text: people using screen readers, and everyone whose email app blocks images, get nothing in its place.`,
          at(p),
        ),
      );
  };
  const html = (text: string | undefined, p: string) => {
    if (!text) return;
    const refs = htmlRefs(text);
    for (const a of refs.links) {
      const problem = linkProblem(a.href);
      if (problem) out.push(check("placeholder-link", `${a.text ? `The link ${quote(a.text)}` : "A link in the text"} ${problem}.`, at(p)));
    }
    for (const img of refs.images) image(img.src, img.alt, p, "An image in the text", true);
  };

  switch (block.type) {
    case "button":
      if (!block.button?.link?.trim())
        out.push(
          check(
            "placeholder-link",
            `The button ${quote(block.button?.text ?? "Button")} has no link, so it leads nowhere.`,
            at(`${pointer}/button`),
          ),
        );
      else link(block.button.link, "button/link", pointer, buttonSubject(block.button.text));
      break;
    case "image":
      link(block.image?.link, "image/link", pointer, "The image’s link");
      image(block.image?.source, block.image?.altText, `${pointer}/image/source`, "The image", true);
      break;
    case "video":
      link(block.video?.link, "video/link", pointer, "The video’s link");
      image(block.video?.image?.source, null, `${pointer}/video/image/source`, "The video’s picture", false);
      break;
    case "logo":
      link(block.logo?.link ?? block.image?.link, block.logo?.link !== undefined ? "logo/link" : "image/link", pointer, "The logo’s link");
      image(block.image?.source ?? block.logo?.source, null, pointer, "The logo", false);
      break;
    case "social":
      (block.social?.icons ?? []).forEach((icon, i) => link(icon.link, `social/icons/${i}/link`, pointer, `The ${icon.type} icon’s link`));
      break;
    case "text":
    case "html":
    case "price":
      html(block.text, `${pointer}/text`);
      break;
    case "htmlCode":
      html(block.htmlCode?.body, `${pointer}/htmlCode/body`);
      break;
    default: {
      // discount, staticDiscount, dynamicDiscount: the offer's link is the button's when it has none.
      const offer = DISCOUNT_TYPES.has(block.type) ? block[block.type as "discount"] : undefined;
      link(offer?.link, `${block.type}/link`, pointer, "The discount’s link");
      for (const { part, pointer: p } of placedParts(block.components, pointer)) {
        if (part.type === "button") {
          const href = part.button?.link ?? (part.role === "discount_button" ? offer?.link : undefined);
          if (part.role === "discount_button" && !href?.trim())
            out.push(check("placeholder-link", "The discount’s button has no link, so it leads nowhere.", at(`${p}/button`)));
          else link(part.button?.link, "button/link", p, buttonSubject(part.button?.text));
        }
        html(part.text, `${p}/text`);
        image(part.image?.source, part.image?.altText, `${p}/image/source`, "The image", false);
      }
    }
  }

  // Contact values a recipient may lack, without a default: the recipient sees a gap.
  const seen = new Set<string>();
  for (const { text, pointer: p } of strings(block, pointer)) {
    if (!text.includes("[[")) continue;
    for (const tag of findTags(text)) {
      const needs = NEEDS_FALLBACK.has(tag.path) || tag.path.startsWith(CUSTOM_PROPERTY_PREFIX);
      if (!needs || tag.fallback !== undefined || seen.has(tag.path)) continue;
      seen.add(tag.path);
      const written = `[[${tag.path} | …]]`;
      out.push(
        check(
          "fallback-missing",
          `${tag.raw} has no default: recipients without a ${fieldLabel(tag.path)} see a gap. Give it one, e.g. ${written}.`,
          at(p),
          tag.raw,
        ),
      );
    }
  }
  return out;
}

function hasUnsubscribeLink(doc: RenderableTemplate): boolean {
  for (const section of doc.sections) {
    for (const { text } of strings(section, "")) {
      if (text.includes("[[") && findTags(text).some((t) => t.path === UNSUBSCRIBE_TAG)) return true;
    }
  }
  return false;
}

const cached = perVersion<Check[]>();

export function documentChecks(doc: RenderableTemplate, version: string): Check[] {
  return cached(version, () => {
    const checks: Check[] = [];
    for (const { block, pointer } of placedBlocks(doc)) checks.push(...blockChecks(block, pointer));
    if (!hasUnsubscribeLink(doc)) {
      checks.push(
        check(
          "unsubscribe-missing",
          "There is no unsubscribe link. Gmail, Yahoo and anti-spam laws require one in marketing emails: add the Footer section, or a link to the “Unsubscribe link” merge tag.",
        ),
      );
    }
    return checks;
  });
}
