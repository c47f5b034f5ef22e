// The signup firewall: one submission in, one verdict out (lib/forms/public-view.ts). Bots are dropped
// (the route answers them as if they had succeeded, so they learn nothing), a person's mistake or a spent
// limit is refused with words the visitor can act on. Those words are fixed and never repeat what was typed
// (any site can post to the hosted page and have it shown there); a typo names only the suggestion.
// Cheapest and most certain first: the honeypot, the proof-of-work, the address's shape, the typo hint,
// the disposable list, DNS; then the limits.
import type { ScreenVerdict, SubmissionToScreen } from "@/lib/forms/public-view";
import { addressDomain, isDisposable, typoOf } from "./address";
import { takeSolution } from "./challenge";
import { spendSignupLimits } from "./limits";
import { mailDomain } from "./mail-domain";

type Reject = Extract<ScreenVerdict, { verdict: "reject" }>;

const typo = (suggestion: string): Reject => ({
  verdict: "reject",
  status: 422,
  code: "typo",
  detail: `Did you mean an address at ${suggestion}? Check the address, or send it again as it is if it is right.`,
  suggestion,
});

export async function screenSubmission(input: SubmissionToScreen): Promise<ScreenVerdict> {
  // People never see the honeypot; form-filling bots fill every field.
  if (input.honeypot !== undefined && input.honeypot.trim() !== "") return { verdict: "drop", reason: "honeypot" };

  const solution = await takeSolution(input.altcha, input);
  if (solution === "invalid") return { verdict: "drop", reason: "challenge" };
  if (solution === "replayed") return { verdict: "drop", reason: "replayed-challenge" };

  const email = input.email.trim();
  const domain = addressDomain(email);
  if (!domain) {
    return { verdict: "reject", status: 400, code: "invalid-email", detail: "Enter an email address, like name@example.com." };
  }

  const guess = typoOf(domain);
  if (guess?.certain && !input.acceptTypo) return typo(guess.suggestion);

  // After the typo hint: typosquatters' catch-all domains (gmial.com) are on the disposable list too, and a
  // person who mistyped gmail.com is better served by the hint than by "throwaway addresses".
  if (isDisposable(domain)) {
    return {
      verdict: "reject",
      status: 422,
      code: "disposable-domain",
      detail: "This email provider gives out throwaway addresses, which we cannot send to for long. Please use an address you keep.",
    };
  }

  if ((await mailDomain(domain)) === "no-mail") {
    if (guess && !input.acceptTypo) return typo(guess.suggestion);
    return {
      verdict: "reject",
      status: 422,
      code: "no-mail-domain",
      detail: "The domain of this address does not receive email. Please check the address.",
    };
  }
  // Last: the limits count signups that would send a confirmation email, not a person's corrected mistakes.
  const limit = await spendSignupLimits(input.brandID, input.ip, domain);
  if (!limit.ok) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return {
      verdict: "reject",
      status: 429,
      code: "rate-limited",
      detail: `Too many signups ${limit.limit === "domain" ? "for addresses at this domain" : "from your network"} just now. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  return { verdict: "accept" };
}
