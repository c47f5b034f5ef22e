// Upload by URL: fetching someone else's URL from inside our network is a server-side request forgery
// risk, so the fetch
//  - connects only to public unicast addresses (lib/net/address-guard.ts): the host's addresses are checked after DNS resolution,
//    in the socket's own lookup, so the address checked is the address connected to (no DNS
//    rebinding between a check and the connection); literal IPs are checked before connecting;
//  - follows at most 3 redirects, each one checked the same way;
//  - reads at most 5 MB (413 beyond), within IMAGES_FETCH_TIMEOUT_MS.
// Hosts named in IMAGES_FETCH_ALLOWED_HOSTS (an internal CDN) may resolve to private addresses and use
// plain http; every other URL must be https.
import http from "node:http";
import https from "node:https";
import { config } from "@/lib/config";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { guardedLookup, hostOf, hostRefusal, RefusedAddress } from "@/lib/net/address-guard";
import { MAX_IMAGE_BYTES } from "./schemas";

const MAX_REDIRECTS = 3;

function urlProblem(code: string, message: string): ApiProblem {
  const error: FieldError = { field: "url", pointer: "/url", code, message };
  return new ApiProblem("validation-failed", `The image URL cannot be used: ${message}`, { errors: [error] });
}

export function tooLarge(): ApiProblem {
  return new ApiProblem(
    "payload-too-large",
    `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB (${MAX_IMAGE_BYTES} bytes), the most an image may have`,
  );
}

function allowedHosts(): Set<string> {
  return new Set(
    config()
      .IMAGES_FETCH_ALLOWED_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Checks a URL before connecting: scheme, and for a literal IP the address itself. */
function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlProblem("invalid_url", "it is not an absolute URL");
  }
  const host = hostOf(url);
  const allowed = allowedHosts().has(host);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) throw urlProblem("invalid_url", "it must be an https URL");
  if (url.username || url.password) throw urlProblem("invalid_url", "it must not carry credentials");
  const refusal = allowed ? null : hostRefusal(host);
  if (refusal) throw urlProblem("private_address", `${refusal}; only public images can be fetched`);
  return url;
}

export type FetchedImage = { bytes: Uint8Array; fileName: string };

function fileNameOf(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  return name || url.hostname;
}

type Hop = { redirect: string } | FetchedImage;

function fetchOnce(url: URL, signal: AbortSignal): Promise<Hop> {
  const host = hostOf(url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: { Accept: "image/jpeg, image/png, image/gif, image/webp", "User-Agent": "Inkwell image import" },
        ...(allowedHosts().has(host) ? {} : { lookup: guardedLookup(host) }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: new URL(response.headers.location, url).toString() });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(urlProblem("fetch_failed", `${url.host} answered ${status}`));
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
          response.destroy();
          return reject(tooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IMAGE_BYTES) {
            response.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.once("end", () => resolve({ bytes: Buffer.concat(chunks), fileName: fileNameOf(url) }));
        response.once("error", reject);
      },
    );
    request.once("error", reject);
  });
}

function describeFailure(error: unknown, url: URL): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof RefusedAddress) return urlProblem("private_address", `${error.message}; only public images can be fetched`);
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === "AbortError" || e.name === "TimeoutError" || e.code === "ABORT_ERR") {
    return urlProblem("fetch_timeout", `${url.host} did not send the image within ${config().IMAGES_FETCH_TIMEOUT_MS / 1000} s`);
  }
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return urlProblem("fetch_failed", `${url.hostname} could not be found`);
  return urlProblem("fetch_failed", `${url.host} could not be reached (${e.code ?? e.message ?? "connection failed"})`);
}

/** Fetches an image by URL with the protections above; the type and size are checked by the caller. */
export async function fetchImage(raw: string): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(config().IMAGES_FETCH_TIMEOUT_MS);
  let url = checkUrl(raw);
  for (let hop = 0; ; hop++) {
    let result: Hop;
    try {
      result = await fetchOnce(url, signal);
    } catch (error) {
      throw describeFailure(signal.aborted ? signal.reason : error, url);
    }
    if (!("redirect" in result)) return result;
    if (hop >= MAX_REDIRECTS) throw urlProblem("fetch_failed", `more than ${MAX_REDIRECTS} redirects`);
    url = checkUrl(result.redirect);
  }
}
