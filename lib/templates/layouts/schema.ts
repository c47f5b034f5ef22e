// Universal layouts: one saved section that templates embed by reference.
import { z } from "zod";
import { Section } from "../schema/sections";

export const LayoutInput = z
  .strictObject({
    name: z.string().trim().min(1).max(255).meta({ description: "Layout name, 1-255 characters" }),
    content: Section.meta({ description: "The one section the layout holds (any type but universal_layout and badge)" }),
  })
  .meta({ id: "UniversalLayoutInput" });
export type LayoutInput = z.infer<typeof LayoutInput>;

export const LayoutSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    content: Section,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "UniversalLayout" });
export type Layout = z.infer<typeof LayoutSchema>;
