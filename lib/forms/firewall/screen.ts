// PLACEHOLDER until the signup firewall lands (h-firewall): accepts every submission but the obvious
// bot, the filled honeypot. The real one checks the challenge, limits, MX records, disposable domains, typos.
import type { ScreenVerdict, SubmissionToScreen } from "../public-view";

export async function screenSubmission(input: SubmissionToScreen): Promise<ScreenVerdict> {
  if (input.honeypot) return { verdict: "drop", reason: "honeypot" };
  return { verdict: "accept" };
}
