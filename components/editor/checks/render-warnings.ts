// The render's warnings as the editor reads them: the response carries them as a JSON-encoded array
// (every value of the published render response is a string).
import type { CheckCode } from "@/lib/templates/checks/check";

export type RenderWarning = { code: string; message: string; pointer?: string; blockId?: string; tag?: string };

export function parseWarnings(value: string | undefined): RenderWarning[] {
  try {
    const list = JSON.parse(value ?? "[]") as unknown;
    return Array.isArray(list)
      ? list.filter((w): w is RenderWarning => !!w && typeof w === "object" && typeof (w as RenderWarning).message === "string")
      : [];
  } catch {
    return [];
  }
}

/** The short name a check goes by in the list (the message says the rest). */
const LABELS: Record<CheckCode | "unknown-tag" | "mjml", string> = {
  "placeholder-link": "Link",
  "image-alt-missing": "Alt text",
  "image-not-https": "Image",
  "unsubscribe-missing": "Unsubscribe",
  "html-too-large": "Size",
  "fallback-missing": "Personalization",
  "empty-products": "Products",
  "unknown-tag": "Merge tag",
  mjml: "Layout",
};

export function warningLabel(code: string): string {
  return (LABELS as Record<string, string>)[code] ?? "Check";
}
