// What a link in the text may point at: a web address (http or https), an email (mailto:) or phone
// (tel:) link, or a merge tag (alone, or inside an address: https://shop.example/?e=[[contact.email]]).
import { MERGE_TAG_PATTERN } from "@/lib/templates/merge-tags";

export type LinkCheck = { ok: true; href: string } | { ok: false; message: string };

export function checkLink(input: string): LinkCheck {
  const href = input.trim();
  if (!href) return { ok: false, message: "Enter the address the link opens." };
  if (/^\s*(?:javascript|vbscript|data):/i.test(href)) return { ok: false, message: "Links cannot run code: use a web address." };
  // Tags stand for text filled in per contact; the rest must still be an address.
  const withoutTags = href.replace(MERGE_TAG_PATTERN, "x");
  if (/\[\[|\]\]/.test(withoutTags)) return { ok: false, message: "A merge tag is not complete: it needs [[ and ]] around a known name." };
  if (href.replace(MERGE_TAG_PATTERN, "") === "") return { ok: true, href };
  if (/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(withoutTags)) return { ok: true, href };
  if (/^tel:\+?[\d\s().-]{3,}$/i.test(withoutTags)) return { ok: true, href };
  if (/^www\./i.test(withoutTags)) return checkLink(`https://${href}`);
  try {
    const url = new URL(withoutTags);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return { ok: true, href };
  } catch {
    // not an absolute URL
  }
  return { ok: false, message: "Enter a full web address such as https://shop.example.com, a mailto: or tel: link, or a merge tag." };
}
