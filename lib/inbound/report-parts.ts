// The parts of a multipart/report (RFC 6522) as bytes: mailparser gives a message's text, HTML and
// attachments, but folds a message/delivery-status part and an inline message/rfc822 original into the
// text, and a DSN or a feedback report must be read field by field. A report's parts are a few header
// blocks and an original's headers, so they are split here (top level only) and read with headerBlocks().

export type Part = { headers: Map<string, string>; body: string };

/** Header fields of one block ("Name: value" with folded continuation lines), names lower-cased; the first wins. */
export function headerFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** The blocks of a message/delivery-status body: the per-message block, then one per recipient. */
export function headerBlocks(body: string): Map<string, string>[] {
  return body
    .replace(/\r\n/g, "\n")
    .split(/\n[ \t]*\n/)
    .filter((b) => b.trim())
    .map(headerFields);
}

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable")
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

/** The top-level parts of a multipart message whose boundary is known (from the parsed Content-Type). */
export function multipartParts(raw: Buffer, boundary: string): Part[] {
  const text = raw.toString("utf8");
  const delimiter = `--${boundary}`;
  const parts: Part[] = [];
  const pieces = text.split(delimiter);
  // pieces[0] is the preamble (with the message's own headers); a piece starting with "--" is the end.
  for (const piece of pieces.slice(1)) {
    if (piece.startsWith("--")) break;
    const content = piece.replace(/^[ \t]*\r?\n/, "");
    const split = /\r?\n\r?\n/.exec(content);
    const head = split ? content.slice(0, split.index) : content;
    const body = split ? content.slice(split.index + split[0].length) : "";
    const headers = headerFields(head);
    parts.push({ headers, body: decode(body.replace(/\r?\n$/, ""), headers.get("content-transfer-encoding")) });
  }
  return parts;
}

/** A part's media type, lower-cased, without parameters. */
export const mediaType = (part: Part) => (part.headers.get("content-type") ?? "text/plain").split(";")[0].trim().toLowerCase();
