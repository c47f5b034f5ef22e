// The deployment's own sender: SMTP_FROM's address, verified for every brand (verified-sender.ts); without
// SMTP_FROM, a no-reply address on APP_URL's host (no-reply@localhost on a development machine, which is
// no valid public address but is the deployment's to use). Reads the configuration only.
import { config } from "@/lib/config";

/** The deployment's sender: SMTP_FROM, or its default. */
export function deploymentSender(): { name: string; address: string } {
  const from = config().SMTP_FROM ?? `Inkwell <no-reply@${new URL(config().appOrigin).hostname}>`;
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+)\s*>\s*$/.exec(from);
  return match
    ? { name: match[1].replace(/^"|"$/g, ""), address: match[2].toLowerCase() }
    : { name: "", address: from.trim().toLowerCase() };
}
