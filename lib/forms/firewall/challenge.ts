// The signup forms' proof-of-work (ALTCHA's protocol, altcha-lib's v1: the browser finds the number n
// with SHA-256(salt + n) = challenge). A challenge is signed with a key of its own derived from
// AUTH_SECRET (lib/auth/keys.ts), names its brand and form in its salt (a solution made for one form is
// no use on another), expires, and each solution is taken once: its signature is spent in the
// FormChallengeSpent table (on both engines: every instance serving the database sees it, and a restart
// forgets nothing), kept until the challenge expires, after which the expiry refuses it anyway.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge as altchaChallenge, extractParams } from "altcha-lib/v1";
import { z } from "zod";
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { config } from "@/lib/config";
import { writeQuery, writeStatement } from "@/lib/db/sql";
import { delegatedFormWrites } from "../form-writes";

/** The challenge GET /f/{formID}/challenge answers (ALTCHA's JSON). */
export type FormChallenge = { algorithm: "SHA-256"; challenge: string; maxnumber: number; salt: string; signature: string };

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));

/** What the page's script posts as "altcha" (base64 of this JSON); anything else is no solution. */
const Solution = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: hex(32),
  number: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(300),
  signature: hex(32),
});

const keyText = (key: Buffer) => key.toString("hex");

export async function createChallenge({ brandID, formID }: { brandID: string; formID: string }): Promise<FormChallenge> {
  const settings = config();
  const challenge = await altchaChallenge({
    algorithm: "SHA-256",
    hmacKey: keyText(signingKey("form-challenge")),
    maxnumber: settings.FORMS_CHALLENGE_MAX_NUMBER,
    expires: new Date(Date.now() + settings.FORMS_CHALLENGE_EXPIRES_SECONDS * 1000),
    params: { brand: brandID, form: formID },
  });
  return { ...challenge, algorithm: "SHA-256", maxnumber: challenge.maxnumber ?? settings.FORMS_CHALLENGE_MAX_NUMBER };
}

function decode(payload: string): z.infer<typeof Solution> | null {
  if (payload.length > 2000) return null;
  try {
    const parsed = Solution.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * altcha-lib's verifySolution() computed over again with node:crypto: the challenge is SHA-256(salt + number)
 * and the signature HMAC-SHA-256 of the challenge under the key's text (altcha-lib signs with the UTF-8
 * bytes of the hmacKey string). Its WebCrypto form imported the key and ran two asynchronous jobs per
 * submission, a tenth of a submission's CPU (bench:forms); this is the same check, synchronous.
 */
function verifies(solution: z.infer<typeof Solution>, keys: readonly Buffer[]): boolean {
  const challenge = createHash("sha256").update(`${solution.salt}${solution.number}`).digest("hex");
  if (challenge !== solution.challenge) return false;
  const given = Buffer.from(solution.signature, "hex");
  return keys.some((key) => timingSafeEqual(createHmac("sha256", keyText(key)).update(challenge).digest(), given));
}

/** How often expired spent solutions are deleted (by whichever submission comes first after that). */
const PRUNE_EVERY_MS = 60_000;
let prunedAt = 0;

/** Spends a solution: true when it was not spent before (the INSERT took the signature). */
export async function spendSolution(signature: string, expiresAt: Date): Promise<boolean> {
  const [taken] = await spendSolutions([{ signature, expiresAt }]);
  return taken;
}

/**
 * Spends several solutions in one statement (the worker thread's batch, ../form-writes-thread.ts): per
 * solution, true when its signature was not spent before (the first of a signature posted twice takes it).
 */
export async function spendSolutions(solutions: { signature: string; expiresAt: Date }[]): Promise<boolean[]> {
  const now = Date.now();
  if (now - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = now;
    await writeStatement(`DELETE FROM "FormChallengeSpent" WHERE "expiresAt" < ?ts`, [new Date(now)]);
  }
  const first = new Map<string, Date>();
  for (const s of solutions) if (!first.has(s.signature)) first.set(s.signature, s.expiresAt);
  const taken = await writeQuery<{ signature: string }>(
    `INSERT INTO "FormChallengeSpent" ("signature", "expiresAt") VALUES ${[...first].map(() => "(?, ?ts)").join(", ")}
     ON CONFLICT DO NOTHING RETURNING "signature"`,
    [...first].flat(),
    { urgent: true }, // a visitor waits for it
  );
  const fresh = new Set(taken.map((t) => t.signature));
  // Each signature answers true once: to the first solution that posted it.
  return solutions.map((s) => fresh.delete(s.signature));
}

/** A solution checked but not yet spent: what spendOnce takes. */
export type VerifiedSolution = { signature: string; expiresAt: Date };

/**
 * A valid, unexpired solution of a challenge made for this form, or null ("invalid": missing, malformed,
 * wrong, expired or for another form). Not spent: takeSolution spends it at once, a submission whose writes
 * go to the worker thread spends it with them (../submit-form.ts).
 */
export function verifiedSolution(
  payload: string | undefined,
  { brandID, formID }: { brandID: string; formID: string },
): VerifiedSolution | null {
  const solution = payload ? decode(payload) : null;
  if (!solution) return null;
  const params = extractParams(solution);
  // The expiry must be there: a salt without one would verify forever (altcha-lib checks it only when present).
  if (params.brand !== brandID || params.form !== formID || !/^\d+$/.test(params.expires ?? "")) return null;
  if (Number(params.expires) * 1000 < Date.now()) return null;
  if (!verifies(solution, verifyingKeys("form-challenge"))) return null;
  // altcha-lib's expires is in seconds since the epoch.
  return { signature: solution.signature, expiresAt: new Date(Number(params.expires) * 1000) };
}

/** Spends a verified solution: true when it was not spent before. The worker thread commits it where it commits the submission (../form-writes.ts). */
export async function spendOnce({ signature, expiresAt }: VerifiedSolution): Promise<boolean> {
  return delegatedFormWrites()?.spend(signature, expiresAt) ?? spendSolution(signature, expiresAt);
}

/**
 * "solved": a valid, unexpired solution of a challenge made for this form, not posted before (and now
 * spent); "invalid": missing, malformed, wrong, expired or for another form; "replayed": posted before.
 */
export async function takeSolution(payload: string | undefined, ids: { brandID: string; formID: string }) {
  const solution = verifiedSolution(payload, ids);
  if (!solution) return "invalid" as const;
  return (await spendOnce(solution)) ? ("solved" as const) : ("replayed" as const);
}
