// POST /api/segments/preview: how many contacts an unsaved definition matches, so the segment builder
// can show a live count while a person edits. Same translator as saved segments (countSegmentContacts).
import { z } from "zod";
import { checkDefinition } from "./check-definition";
import { ConditionGroups } from "./conditions";
import { countSegmentContacts } from "./membership";

export const SegmentPreviewInput = z
  .object({ conditionGroups: ConditionGroups })
  .strict()
  .meta({ id: "SegmentPreviewInput", description: "Condition groups to count, in the same format as a segment's" });
export type SegmentPreviewInput = z.infer<typeof SegmentPreviewInput>;

export const SegmentPreviewSchema = z
  .object({ contactsCount: z.number().int().meta({ description: "Contacts the conditions match now" }) })
  .meta({ id: "SegmentPreview" });

export async function previewSegment(brandId: string, input: SegmentPreviewInput) {
  return { contactsCount: await countSegmentContacts(brandId, await checkDefinition(brandId, input.conditionGroups)) };
}
