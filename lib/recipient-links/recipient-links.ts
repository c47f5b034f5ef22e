// The addresses the system tags message.unsubscribe_url, message.preferences_url and
// message.view_in_browser_url fill: public pages of Inkwell on APP_URL, one signed token per recipient.
import { config } from "@/lib/config";
import { signLink, type LinkClaims } from "./link-token";
import { signMessageToken } from "./message-token";

/** confirm: a sent message's double opt-in link (a signup form's confirmation email, lib/forms), on its token */
export type RecipientLinks = { unsubscribe: string; preferences: string; viewInBrowser: string; confirm?: string };

export const LINK_PATHS = {
  unsubscribe: "/email/unsubscribe/",
  preferences: "/email/preferences/",
  viewInBrowser: "/email/view/",
  /** List-Unsubscribe's https URL: a one-click POST (RFC 8058) unsubscribes and answers 200 */
  listUnsubscribe: "/email/list-unsubscribe/",
  /** the open pixel and the click redirect of a sent message */
  open: "/email/o/",
  click: "/email/c/",
  /** a signup form's double opt-in link (app/f/confirm) */
  formConfirm: "/f/confirm/",
} as const;

/** Every link of a sent message, on its message token. */
export type MessageLinks = RecipientLinks & { listUnsubscribe: string; open: string; click: string; token: string };

export function recipientLinks(claims: LinkClaims): RecipientLinks {
  const token = signLink(claims);
  const origin = config().appOrigin;
  return {
    unsubscribe: `${origin}${LINK_PATHS.unsubscribe}${token}`,
    preferences: `${origin}${LINK_PATHS.preferences}${token}`,
    viewInBrowser: `${origin}${LINK_PATHS.viewInBrowser}${token}`,
  };
}

export function messageLinks(messageId: string): MessageLinks {
  const token = signMessageToken(messageId);
  const origin = config().appOrigin;
  return {
    token,
    unsubscribe: `${origin}${LINK_PATHS.unsubscribe}${token}`,
    preferences: `${origin}${LINK_PATHS.preferences}${token}`,
    viewInBrowser: `${origin}${LINK_PATHS.viewInBrowser}${token}`,
    listUnsubscribe: `${origin}${LINK_PATHS.listUnsubscribe}${token}`,
    open: `${origin}${LINK_PATHS.open}${token}`,
    click: `${origin}${LINK_PATHS.click}${token}`,
    confirm: `${origin}${LINK_PATHS.formConfirm}${token}`,
  };
}

/** Links of Inkwell's own recipient pages (never tagged with UTM or sent through the click redirect). */
export function isSystemLink(url: string): boolean {
  return url.startsWith(`${config().appOrigin}/email/`);
}
