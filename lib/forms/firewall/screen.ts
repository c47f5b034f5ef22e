// The signup firewall: one submission in, one verdict out (lib/forms/public-view.ts). Bots are dropped
// (the route answers them as if they had succeeded, so they learn nothing), a person's mistake or a spent
// limit is refused with words the visitor can act on. Those words are fixed and never repeat what was typed
// (any site can post to the hosted page and have it shown there); a typo names only the suggestion.
// Cheapest and most certain first: the honeypot, the proof-of-work, the address's shape, the typo hint,
// the disposable list, DNS; then the limits.
import type { ScreenVerdict, SubmissionToScreen } from "@/lib/forms/public-view";
import { addressDomain, isDisposable, typoOf } from "./address";
import { spendOnce, verifiedSolution, type VerifiedSolution } from "./challenge";
import { refundSignupLimits, spendSignupLimits } from "./limits";
import { mailDomain } from "./mail-domain";

type Reject = Extract<ScreenVerdict, { verdict: "reject" }>;

const typo = (suggestion: string): Reject => ({
  verdict: "reject",
  status: 422,
  code: "typo",
  detail: `Did you mean an address at ${suggestion}? Check the address, or send it again as it is if it is right.`,
  suggestion,
});

/**
 * An accepted submission whose solution is not spent yet (screenSubmission's `deferSpend`): the caller spends
 * it with the submission's writes, in one round trip to the worker thread, and calls `refund` when it turns
 * out to be replayed (its limits were counted; a replay found first would not have been).
 */
export type DeferredSpend = { solution: VerifiedSolution; refund: () => Promise<void> };

const replayed: ScreenVerdict = { verdict: "drop", reason: "replayed-challenge" };

/**
 * The verdict on a submission. The solution is spent first, so that a replay is dropped whatever else is
 * wrong with it and counts against no limit. With `deferSpend` (the writes go to the worker thread), a
 * submission the checks accept comes back with its solution unspent (`spend`), to be spent with its writes;
 * every other verdict spends it first as without, and is the same.
 */
export async function screenSubmission(
  input: SubmissionToScreen,
  { deferSpend = false }: { deferSpend?: boolean } = {},
): Promise<ScreenVerdict | { verdict: "accept"; spend: DeferredSpend }> {
  // People never see the honeypot; form-filling bots fill every field.
  if (input.honeypot !== undefined && input.honeypot.trim() !== "") return { verdict: "drop", reason: "honeypot" };

  const solution = verifiedSolution(input.altcha, { brandID: input.brandID, formID: input.formID });
  if (!solution) return { verdict: "drop", reason: "challenge" };
  let spent = deferSpend ? null : await spendOnce(solution);
  if (spent === false) return replayed;
  /** The verdict, once the solution is spent (a replay is dropped instead). */
  const after = async (verdict: ScreenVerdict) => {
    spent ??= await spendOnce(solution);
    return spent ? verdict : replayed;
  };

  const email = input.email.trim();
  const domain = addressDomain(email);
  if (!domain) {
    return after({ verdict: "reject", status: 400, code: "invalid-email", detail: "Enter an email address, like name@example.com." });
  }

  const guess = typoOf(domain);
  if (guess?.certain && !input.acceptTypo) return after(typo(guess.suggestion));

  // After the typo hint: typosquatters' catch-all domains (gmial.com) are on the disposable list too, and a
  // person who mistyped gmail.com is better served by the hint than by "throwaway addresses".
  if (isDisposable(domain)) {
    return after({
      verdict: "reject",
      status: 422,
      code: "disposable-domain",
      detail: "This email provider gives out throwaway addresses, which we cannot send to for long. Please use an address you keep.",
    });
  }

  if ((await mailDomain(domain)) === "no-mail") {
    if (guess && !input.acceptTypo) return after(typo(guess.suggestion));
    return after({
      verdict: "reject",
      status: 422,
      code: "no-mail-domain",
      detail: "The domain of this address does not receive email. Please check the address.",
    });
  }
  // Last: the limits count signups that would send a confirmation email, not a person's corrected mistakes.
  const limit = await spendSignupLimits(input.brandID, input.ip, domain);
  const refund = () => refundSignupLimits(input.brandID, input.ip, domain, limit);
  if (!limit.ok) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    const verdict = await after({
      verdict: "reject",
      status: 429,
      code: "rate-limited",
      detail: `Too many signups ${limit.limit === "domain" ? "for addresses at this domain" : "from your network"} just now. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds: limit.retryAfterSeconds,
    });
    if (verdict === replayed) await refund();
    return verdict;
  }
  if (spent === null) return { verdict: "accept", spend: { solution, refund } };
  return { verdict: "accept" };
}
