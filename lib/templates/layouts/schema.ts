// Universal layouts: one saved section that templates embed by reference.
import { z } from "zod";
import { Section } from "../schema/sections";
import { readOnlyEcho } from "../schema/template";

export const LayoutInput = z
  .strictObject({
    name: z.string().trim().min(1).max(255).meta({ description: "Layout name, 1-255 characters" }),
    content: Section.meta({ description: "The one section the layout holds (any type but universal_layout and badge)" }),
    ...readOnlyEcho,
    snapshotState: z.string().max(100).optional().meta({ description: "Read-only: ignored on write", readOnly: true }),
    snapshotUrl: z.string().max(2048).optional().meta({ description: "Read-only: ignored on write", readOnly: true }),
  })
  .meta({ id: "UniversalLayoutInput" });
export type LayoutInput = z.infer<typeof LayoutInput>;

/** Snapshots (a picture of the layout) are not made by Inkwell: the state says so. */
export const SNAPSHOT_STATE = "unavailable";

export const LayoutSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    content: Section,
    snapshotState: z
      .string()
      .meta({ description: `Read-only. Inkwell makes no snapshot images: always "${SNAPSHOT_STATE}", and snapshotUrl is absent` }),
    snapshotUrl: z.string().optional().meta({ description: "Read-only: a picture of the layout, when one exists" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "UniversalLayout" });
export type Layout = z.infer<typeof LayoutSchema>;
