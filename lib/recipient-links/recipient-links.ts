// The addresses the system tags message.unsubscribe_url, message.preferences_url and
// message.view_in_browser_url fill: public pages of Inkwell on APP_URL, one signed token per recipient.
import { config } from "@/lib/config";
import { signLink, type LinkClaims } from "./link-token";

export type RecipientLinks = { unsubscribe: string; preferences: string; viewInBrowser: string };

export const LINK_PATHS = {
  unsubscribe: "/email/unsubscribe/",
  preferences: "/email/preferences/",
  viewInBrowser: "/email/view/",
} as const;

export function recipientLinks(claims: LinkClaims): RecipientLinks {
  const token = signLink(claims);
  const origin = config().appOrigin;
  return {
    unsubscribe: `${origin}${LINK_PATHS.unsubscribe}${token}`,
    preferences: `${origin}${LINK_PATHS.preferences}${token}`,
    viewInBrowser: `${origin}${LINK_PATHS.viewInBrowser}${token}`,
  };
}
