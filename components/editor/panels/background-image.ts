// The "Background image" field of every panel (email body, section, row, column, text and product
// blocks). An image chosen from the image library is stored as the published `backgroundImageID` (the
// render serves it from /image/newsletter/{id} on the public base URL); an address typed or pasted stays
// in Inkwell's extra `backgroundImage`. Each choice removes the other key: an id left behind would win
// over a new address in the render.

export type BackgroundImageValues = { backgroundImageID?: string; backgroundImage?: string };
/** Both keys, each set or removed (undefined), written together as one change. */
export type BackgroundImagePatch = { backgroundImageID: string | undefined; backgroundImage: string | undefined };

export const BACKGROUND_KEYS = ["backgroundImageID", "backgroundImage"] as const;

export function fromLibrary(image: { id: string }): BackgroundImagePatch {
  return { backgroundImageID: image.id, backgroundImage: undefined };
}

export function fromAddress(text: string): BackgroundImagePatch {
  return { backgroundImageID: undefined, backgroundImage: text === "" ? undefined : text };
}

export const NO_BACKGROUND_IMAGE: BackgroundImagePatch = { backgroundImageID: undefined, backgroundImage: undefined };

/** The library image a node shows as its background (served on this origin by id), if any. */
export function libraryImageSrc(values: BackgroundImageValues | undefined): string | undefined {
  return values?.backgroundImageID ? `/image/newsletter/${values.backgroundImageID}` : undefined;
}
