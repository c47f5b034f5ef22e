// PLACEHOLDER until the signup firewall lands (h-firewall): an ALTCHA challenge (altcha-lib's v1 JSON,
// signed with a key derived from AUTH_SECRET) that the placeholder screen does not check yet. Its small
// maxnumber keeps the bench's solving quick; the firewall chooses the real cost.
import { createChallenge as altchaChallenge } from "altcha-lib/v1";
import { signingKey } from "@/lib/auth/keys";

export async function createChallenge({ brandID, formID }: { brandID: string; formID: string }): Promise<unknown> {
  void brandID;
  void formID;
  return altchaChallenge({
    hmacKey: signingKey("form-challenge").toString("hex"),
    maxnumber: 1000,
    expires: new Date(Date.now() + 600_000),
  });
}
