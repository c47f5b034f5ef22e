// Pre-send checks: what would make an email go out broken, found when it is rendered and returned among
// the render's warnings (its published string map carries them JSON-encoded). Each names the block it is
// about by id and JSON pointer, so the editor can select it.

export const CHECK_CODES = [
  "placeholder-link", // a link that is "#", empty or a placeholder address (example.com)
  "image-alt-missing", // an image without alt text
  "image-not-https", // an image served over plain http
  "unsubscribe-missing", // no unsubscribe link anywhere in the email
  "html-too-large", // over Gmail's 102 KB clipping limit
  "fallback-missing", // a personalization tag a recipient may have no value for, without a default
  "empty-products", // product slots or picked products that would show nothing
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export type Check = { code: CheckCode; message: string; pointer?: string; blockId?: string; tag?: string };

/** Where a check was found: the block (its id) and the JSON pointer of the node inside it. */
export type CheckPlace = { blockId: string; pointer: string };

export function check(code: CheckCode, message: string, at?: CheckPlace, tag?: string): Check {
  return { code, message, ...(at ? { pointer: at.pointer, blockId: at.blockId } : {}), ...(tag ? { tag } : {}) };
}

/** Gmail clips an email whose HTML is larger than this and hides the rest behind "View entire message". */
export const GMAIL_CLIP_BYTES = 102 * 1024;

export function isCheck(warning: { code: string }): warning is Check {
  return (CHECK_CODES as readonly string[]).includes(warning.code);
}
