// Presets: named, reusable styles referenced by blocks through stylePresetID.
import { z } from "zod";
import { PresetStyles } from "./styles";

export const REQUIRED_BUTTON_PRESETS = ["primary_button", "secondary_button", "tertiary_button"] as const;
export const REQUIRED_TEXT_PRESETS = ["heading_large", "heading_medium", "heading_small", "paragraph", "footnote"] as const;

export const Preset = z
  .strictObject({
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
      .meta({ description: "Preset id, unique among the template's presets; referenced by blocks' stylePresetID" }),
    name: z.string().min(1).max(100),
    styles: PresetStyles,
  })
  .meta({ id: "Preset", description: "A reusable style" });
export type Preset = z.infer<typeof Preset>;

export const ButtonPresets = z.array(Preset).max(50).meta({
  description: `Button presets; when given, must contain ${REQUIRED_BUTTON_PRESETS.join(", ")} (custom presets may be added). Omitted: the defaults apply.`,
});
export const TextPresets = z.array(Preset).max(50).meta({
  description: `Text presets; when given, must contain ${REQUIRED_TEXT_PRESETS.join(", ")} (custom presets may be added). Omitted: the defaults apply.`,
});
