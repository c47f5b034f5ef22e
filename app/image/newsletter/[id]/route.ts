// GET /image/newsletter/<image id>: an image of the library by its id, where rendered emails point for
// published fields that name an image by id (backgroundImageID, ...). Public, like /images/<key>.
import { serveImageById } from "@/lib/images/serve-local-image";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return serveImageById((await params).id);
}
