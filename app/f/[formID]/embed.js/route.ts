// GET /f/{formID}/embed.js: the script a website includes to show the form inline or as a popup.
import { embed } from "@/lib/forms/public-endpoints";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ formID: string }> }): Promise<Response> {
  return embed((await params).formID);
}
