// Real image bytes for the image tests, and a tiny HTTP server on localhost to upload by URL from.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, "ascii"), data])));
  return Buffer.concat([length, Buffer.from(type, "ascii"), data, crc]);
}

/** A valid PNG of one colour. */
export function pngBytes(width = 4, height = 3, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A valid 1x1 GIF. */
export function gifBytes(): Buffer {
  return Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
}

/** More than 5 MB that starts like a PNG. */
export function oversizedPng(): Buffer {
  const png = pngBytes();
  return Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length + 10)]);
}

export type ImageServer = { url: (path: string) => string; close: () => Promise<void> };

type Route = { status?: number; type?: string; body?: Buffer | string; delayMs?: number; location?: string };

/** Serves fixed answers by path on http://localhost:<port> (upload by URL's allowed test host). */
export async function startImageServer(routes: Record<string, Route>): Promise<ImageServer> {
  const server = http.createServer((req, res) => {
    const route = routes[(req.url ?? "/").split("?")[0]];
    if (!route) {
      res.writeHead(404).end("no such fixture");
      return;
    }
    const send = () => {
      if (route.location) res.writeHead(route.status ?? 302, { Location: route.location }).end();
      else res.writeHead(route.status ?? 200, { "Content-Type": route.type ?? "application/octet-stream" }).end(route.body ?? "");
    };
    if (route.delayMs) setTimeout(send, route.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://localhost:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
