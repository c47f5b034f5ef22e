// Downloading the CSV of a view or a selection (POST /api/contacts/export, so a long selection is not cut
// to what fits in a query string), read as it streams so the page can show how many contacts have
// arrived. A selection longer than one request takes is asked for in parts, joined under one header.
import { SERVICE_VERSION, toApiError } from "@/lib/client/api-fetch";
import type { ContactView } from "./contacts-client";

/** Ids per export request: the server's limit (MAX_EXPORT_IDS, lib/contacts/export-contacts.ts). */
export const EXPORT_IDS_PER_REQUEST = 25_000;

/**
 * Counts the CSV records in text that arrives in pieces: a line break ends a record only outside quotes
 * (a quoted address may hold one; an escaped quote "" toggles twice, so it changes nothing).
 */
export function csvRecordCounter(): (piece: string) => number {
  let quoted = false;
  let records = 0;
  return (piece) => {
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    }
    return records;
  };
}

/** The text of one export response, piece by piece; `onRecords` hears the records read so far (header included). */
async function readCsv(body: unknown, onRecords: (records: number) => void): Promise<{ text: string; filename: string }> {
  const response = await fetch("/api/contacts/export", {
    method: "POST",
    headers: { "Service-Version": SERVICE_VERSION, "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) throw await toApiError(response);
  const filename = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "contacts.csv";
  // The byte-order mark stays: spreadsheet programs need it to read the file as UTF-8.
  const reader = response.body.pipeThrough(new TextDecoderStream("utf-8", { ignoreBOM: true })).getReader();
  const count = csvRecordCounter();
  const pieces: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    onRecords(count(value));
  }
  return { text: pieces.join(""), filename };
}

/** Downloads the CSV of a view, or of a selection; `onProgress` hears how many contacts have arrived. */
export async function downloadCsv(what: { view: ContactView } | { ids: string[] }, onProgress: (contacts: number) => void): Promise<void> {
  const requests =
    "view" in what
      ? [what.view]
      : Array.from({ length: Math.max(1, Math.ceil(what.ids.length / EXPORT_IDS_PER_REQUEST)) }, (_, i) => ({
          ids: what.ids.slice(i * EXPORT_IDS_PER_REQUEST, (i + 1) * EXPORT_IDS_PER_REQUEST),
        }));
  const parts: string[] = [];
  let filename = "contacts.csv";
  let before = 0;
  for (const [i, body] of requests.entries()) {
    let records = 0;
    const part = await readCsv(body, (n) => {
      records = n;
      onProgress(before + Math.max(0, n - 1));
    });
    before += Math.max(0, records - 1);
    if (i === 0) filename = part.filename;
    // Every part starts with the byte-order mark and the header: only the first keeps them.
    parts.push(i === 0 ? part.text : part.text.slice(part.text.indexOf("\n") + 1));
  }
  const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
