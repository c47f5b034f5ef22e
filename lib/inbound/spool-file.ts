// The format of an inbound spool file (./spool.ts): records appended one after another, each
//   u32 body length | u32 CRC-32 of the body | body
// where the body is a u32 header length, the header (JSON: the message's rows without their bytes, each
// naming which of the message's raw parts it carries) and those parts, one after another. A record cut
// short or whose checksum fails ends the file: it was being written when the process died, so its
// fdatasync never finished and its sender never got a 250.
import { crc32 } from "node:zlib";
import type { InboundRow } from "./inbound-store";

type Header = { rows: (Omit<InboundRow, "raw" | "receivedAt"> & { receivedAt: string; part: number })[]; parts: number[] };

export function encodeRecord(rows: InboundRow[]): Buffer {
  // The rows of one message (one per recipient) share its bytes: written once.
  const parts: Buffer[] = [];
  const header: Header = {
    parts: [],
    rows: rows.map(({ raw, receivedAt, ...row }) => {
      let part = parts.indexOf(raw);
      if (part < 0) part = parts.push(raw) - 1;
      return { ...row, receivedAt: receivedAt.toISOString(), part };
    }),
  };
  header.parts = parts.map((p) => p.length);
  const json = Buffer.from(JSON.stringify(header));
  const body = Buffer.concat([u32(json.length), json, ...parts]);
  return Buffer.concat([u32(body.length), u32(crc32(body)), body]);
}

/** Every whole record of a spool file, in order; reading stops at the first torn or damaged one. */
export function readSpoolFile(data: Buffer): InboundRow[][] {
  const records: InboundRow[][] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    const length = data.readUInt32BE(at);
    const body = data.subarray(at + 8, at + 8 + length);
    // Zeros (written ahead of the records, spool.ts; or a size that reached the disk before its data) pass the
    // checksum: length 0 is no record.
    if (length < 4 || body.length < length || crc32(body) !== data.readUInt32BE(at + 4)) break;
    try {
      records.push(decodeBody(body));
    } catch {
      break;
    }
    at += 8 + length;
  }
  return records;
}

/** Files are named by their writer's process id and start time (ms), and a number: names never collide. */
export function spoolFileName(owner: { pid: number; started: number }, sequence: number): string {
  return `spool-${owner.pid}-${owner.started}-${sequence}.bin`;
}

export function isSpoolFileName(name: string): boolean {
  return /^spool-\d+-\d+-\d+\.bin$/.test(name);
}

function decodeBody(body: Buffer): InboundRow[] {
  const headerLength = body.readUInt32BE(0);
  const header = JSON.parse(body.subarray(4, 4 + headerLength).toString("utf8")) as Header;
  let offset = 4 + headerLength;
  const parts = header.parts.map((size) => {
    // A copy: the record outlives the file's buffer only as long as it must.
    const part = Buffer.from(body.subarray(offset, offset + size));
    offset += size;
    if (part.length !== size) throw new Error("a part cut short");
    return part;
  });
  return header.rows.map(({ part, receivedAt, ...row }) => {
    if (!parts[part]) throw new Error("a row names no part");
    return { ...row, receivedAt: new Date(receivedAt), raw: parts[part] };
  });
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
