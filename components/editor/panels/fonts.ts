// Fonts a marketer picks from: stacks every email client has, and the web fonts the email's sections
// load (settings.customFonts with a name and a stylesheet), each falling back to an email-safe stack.
import type { EditorDocument } from "../state/document";

export const FONT_STACKS = [
  "Arial, Helvetica, sans-serif",
  "Helvetica, Arial, sans-serif",
  "Verdana, Geneva, sans-serif",
  "Tahoma, Geneva, sans-serif",
  "'Trebuchet MS', Helvetica, sans-serif",
  "Georgia, 'Times New Roman', serif",
  "'Times New Roman', Times, serif",
  "'Courier New', Courier, monospace",
] as const;

const FALLBACK = "Arial, Helvetica, sans-serif";

/** The font-family list a web font is used with: its name first, then an email-safe stack. */
export function webFontStack(name: string): string {
  return `'${name.replace(/['"\\;{}<>]/g, "")}', ${FALLBACK}`;
}

/** The first family of a stack, as people call it: "'Trebuchet MS', Helvetica" → "Trebuchet MS". */
export function fontName(stack: string): string {
  return stack
    .split(",")[0]
    .trim()
    .replace(/^['"]|['"]$/g, "");
}

/** The names of the web fonts the document's sections load, once each, joined by "\n" (a stable selector value). */
export function webFontNames(doc: EditorDocument): string {
  const names = new Set<string>();
  for (const section of doc.sections) for (const font of section.settings?.customFonts ?? []) if (font.name) names.add(font.name);
  return [...names].join("\n");
}

export type FontChoice = { value: string; label: string };

/** The choices of a font field: email-safe stacks, then web fonts; a stored value not among them is kept as "Other". */
export function fontChoices(webFonts: string, current: string | undefined): FontChoice[] {
  const choices: FontChoice[] = FONT_STACKS.map((stack) => ({ value: stack, label: fontName(stack) }));
  for (const name of webFonts ? webFonts.split("\n") : []) choices.push({ value: webFontStack(name), label: `${name} (web font)` });
  if (current && !choices.some((c) => c.value === current)) choices.push({ value: current, label: `Other: ${fontName(current)}` });
  return choices;
}
