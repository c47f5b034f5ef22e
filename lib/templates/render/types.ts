import type { GeneralSettings, Template } from "@/lib/templates/schema";

/** A section as read back (universal layouts resolved, badge possible): what the renderer draws. */
export type RenderSection = Template["sections"][number];

export type RenderableTemplate = {
  id?: string;
  name?: string;
  updatedAt?: string;
  generalSettings?: GeneralSettings;
  sections: readonly RenderSection[];
};
