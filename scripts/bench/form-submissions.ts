// The form submissions bench:forms and profile-forms.ts send: a form like the bench's, challenges solved
// before the run, and POST /f/{formID} under load from many visitors.
import autocannon from "autocannon";
import { createHash } from "node:crypto";
import { loadResult } from "./bench-helpers";

/** A double opt-in form asking for the email and a first name; its id. */
export async function createBenchForm(baseUrl: string, key: string): Promise<string> {
  const made = await fetch(`${baseUrl}/api/forms`, {
    method: "POST",
    headers: { "content-type": "application/json", "service-version": "2026-03-15", authorization: `Service-API-Key ${key}` },
    body: JSON.stringify({ name: "Bench", fields: [{ name: "firstName", label: "First name" }] }),
  });
  if (made.status !== 201) throw new Error(`creating the form answered ${made.status}: ${await made.text()}`);
  return ((await made.json()) as { id: string }).id;
}

type Challenge = { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number };

/**
 * What the page's script does (altcha-lib's solveChallenge: the n with SHA-256(salt + n) = challenge), with
 * node:crypto synchronously: its WebCrypto form took the bench about 16 ms per challenge, spent before the
 * runs under the machine's heavy lock.
 */
function solve(c: Challenge): { number: number } | null {
  for (let n = 0; n <= (c.maxnumber ?? 1_000_000); n++)
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) return { number: n };
  return null;
}

export async function solved(baseUrl: string, formId: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/f/${formId}/challenge`)).json()) as Challenge;
  const solution = solve(challenge);
  if (!solution) throw new Error("a challenge of the form could not be solved");
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

// The /24 (third octet) changes with every visitor: 512 networks, each address used once for 131,072 visitors.
const visitorAddress = (i: number) => `198.${18 + ((i >> 16) & 1)}.${i & 255}.${(i >> 8) & 255}`;

/** `firstVisitor`: the number of the run's first visitor (each number has an address and email of its own). */
export async function submissions(
  baseUrl: string,
  formId: string,
  payloads: string[],
  connections: number,
  durationS: number,
  firstVisitor = 0,
) {
  let n = firstVisitor;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    amount: payloads.length,
    sampleInt: 50,
    requests: [
      {
        method: "POST",
        path: `/f/${formId}`,
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: { "content-type": "application/json", "x-forwarded-for": visitorAddress(i), "user-agent": "bench:forms" },
            body: JSON.stringify({
              email: `visitor.${i}.${Date.now() % 100000}@bench-${i % 50}.example.com`,
              firstName: "Bench",
              altcha: payloads[(i - firstVisitor) % payloads.length],
            }),
          };
        },
      },
    ],
  });
  return loadResult(result);
}
