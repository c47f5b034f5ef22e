// The editor's document types are the API's: the zod schema of the templates domain is the one source.
import type { z } from "zod";
import type { SectionRead } from "@/lib/templates/schema/sections";

export type { Block, BlockType } from "@/lib/templates/schema/blocks";
export type { Column, Row } from "@/lib/templates/schema/sections";
export type { GeneralSettings } from "@/lib/templates/schema/general-settings";
/** Sections as read back: a free-plan template carries the read-only badge section, which the editor shows locked. */
export type Section = z.infer<typeof SectionRead>;
