// GET /images/<key>: images of the local storage, public (email clients fetch them), cached for a year
// (a key never changes content), served with the type their bytes were checked to be, never sniffed.
import { serveLocalImage } from "@/lib/images/serve-local-image";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  return serveLocalImage((await params).key);
}
