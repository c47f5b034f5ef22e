// Whom a message in a mailbox was delivered to. The envelope recipient is not in the message: the mail server
// that delivered it into the mailbox writes it into a header (Postfix's Delivered-To and X-Original-To,
// Exim's Envelope-To, others X-Envelope-To); for a bounce notice it is the token address that names the
// message. To and Cc come after, as a last resort (a mailbox fed by forwarding may keep no envelope header).

const ENVELOPE = ["x-original-to", "delivered-to", "envelope-to", "x-envelope-to", "x-delivered-to"];
const VISIBLE = ["to", "cc"];
const ADDRESS = /[^\s<>,;:"()@]+@[^\s<>,;:"()@]+\.[^\s<>,;:"()@]+|[^\s<>,;:"()@]+@[^\s<>,;:"()@]+/g;

/** The header block's fields, unfolded, by lower-cased name (first 64 KB of the message at most). */
function headerFields(raw: Buffer): { name: string; value: string }[] {
  const head = raw.subarray(0, 65_536).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  const block = (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  return block.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(":");
    return colon > 0 ? [{ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() }] : [];
  });
}

/** The message's recipients as its headers name them: envelope headers first, then To and Cc; lower-cased, once each. */
export function recipientsOf(raw: Buffer): string[] {
  const fields = headerFields(raw);
  const found: string[] = [];
  for (const names of [ENVELOPE, VISIBLE]) {
    for (const name of names)
      for (const field of fields.filter((f) => f.name === name))
        for (const address of field.value.match(ADDRESS) ?? []) {
          const lower = address.toLowerCase();
          if (!found.includes(lower)) found.push(lower);
        }
    if (found.length > 0) return found;
  }
  return found;
}
