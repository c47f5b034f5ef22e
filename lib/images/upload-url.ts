// POST /api/images: an image fetched from a public URL (lib/images/fetch-image.ts guards the fetch).
import { fetchImage } from "./fetch-image";
import { nameFrom, storeImage } from "./images";
import type { ImageRecord, UploadURLRequest } from "./schemas";

export async function uploadImageFromUrl(brandId: string, input: UploadURLRequest): Promise<ImageRecord> {
  const { bytes, fileName } = await fetchImage(input.url);
  return storeImage(brandId, bytes, input.name ?? nameFrom(fileName), "url");
}
