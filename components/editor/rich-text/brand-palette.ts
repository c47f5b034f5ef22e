// The colours the text colour menu offers: the email's own, from General settings (text and background
// colours, the button and text styles), then a few neutrals; each once, in that order.
import type { GeneralSettings } from "../state/document";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";

const NEUTRALS = ["#000000", "#4b5563", "#9ca3af", "#ffffff"];

export function brandPalette(settings: GeneralSettings | undefined): string[] {
  const colours: (string | undefined)[] = [settings?.content?.color];
  for (const preset of [...(settings?.buttonPresets ?? DEFAULT_BUTTON_PRESETS), ...(settings?.textPresets ?? DEFAULT_TEXT_PRESETS)]) {
    const styles = preset.styles as { backgroundColor?: string; color?: string };
    colours.push(styles.backgroundColor, styles.color);
  }
  colours.push(settings?.content?.backgroundColor, settings?.body?.backgroundColor, ...NEUTRALS);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of colours) {
    if (!c || !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(c)) continue;
    const key = c.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(key);
  }
  return out.slice(0, 16);
}
