// PLACEHOLDER until the signup firewall lands (h-firewall): an ALTCHA-shaped challenge nobody checks.
import { randomBytes } from "node:crypto";

export async function createChallenge({ brandID, formID }: { brandID: string; formID: string }): Promise<unknown> {
  void brandID;
  void formID;
  return {
    algorithm: "SHA-256",
    challenge: randomBytes(32).toString("hex"),
    maxnumber: 1,
    salt: randomBytes(8).toString("hex"),
    signature: "",
  };
}
