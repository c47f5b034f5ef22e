// GET /f/{formID}: the hosted signup page, a complete HTML document rendered on the server (no framework).
// Without JavaScript a visitor sees the whole form, labelled, but its button stays disabled and a notice
// says why: the proof-of-work that tells people from bots is computed by the page's script, and a
// submission without it would be dropped as a bot's while looking like a success. The script (the same
// one embed.js runs) enables the button, solves the challenge and posts the form.
import { createHash } from "node:crypto";
import type { PublicFormView } from "@/lib/forms/public-view";
import { CLIENT_RUNTIME } from "./client-runtime";
import { clientView } from "./client-view";
import { escapeHtml as h } from "@/lib/templates/render/tags";
import { scriptLiteral } from "./escape";
import { formStyles } from "./styles";

const BOOT = `
(function () {
  var view = JSON.parse(document.getElementById("ik-view").textContent);
  IK.enhance(document, document.querySelector("form.ik-form"), view);
})();`;

/** The page's one script: the shared runtime and the boot above (its hash is in the page's policy). */
const PAGE_SCRIPT = `(function () {\n${CLIENT_RUNTIME}\n${BOOT}\n})();`;

function pageStyles(view: PublicFormView): string {
  return `${formStyles(view)}
html, body { margin: 0; padding: 0; }
body { min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f4f5f7; }
.ik-page { width: 100%; max-width: 520px; padding: 24px 12px; }
.ik-form { margin: 0 auto; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2); }
.ik-success { margin: 0 auto; }
`;
}

/** An element's id: the page holds one form, as the embed's shadow root does (client-runtime.ts's idFor). */
const id = (_view: PublicFormView, name: string) => h(`ik-${name}`);

function fieldHtml(view: PublicFormView, f: PublicFormView["fields"][number]): string {
  const star = f.required ? '<span aria-hidden="true"> *</span>' : "";
  return `<div class="ik-field">
<label for="${id(view, f.name)}">${h(f.label)}${star}</label>
<input id="${id(view, f.name)}" name="${h(f.name)}" type="${h(f.type)}" autocomplete="${h(f.autocomplete)}"${f.required ? " required" : ""} aria-describedby="${id(view, `${f.name}-error`)}">
<div class="ik-field-error" id="${id(view, `${f.name}-error`)}"></div>
</div>`;
}

function topicsHtml(view: PublicFormView): string {
  if (!view.topics.length) return "";
  const items = view.topics
    .map(
      (t) =>
        `<label class="ik-topic"><input type="checkbox" name="topicIDs" value="${h(t.id)}" checked><span>${h(t.name)}${t.description ? `<small>${h(t.description)}</small>` : ""}</span></label>`,
    )
    .join("\n");
  return `<fieldset class="ik-topics"><legend>${h(clientView(view).topicsLegend)}</legend>\n${items}\n</fieldset>`;
}

function formHtml(view: PublicFormView): string {
  return `<form class="ik-form" action="${h(view.actionURL)}" method="post" aria-labelledby="${id(view, "title")}">
<h1 class="ik-title" id="${id(view, "title")}">${h(view.title)}</h1>
${view.description ? `<p class="ik-description">${h(view.description)}</p>` : ""}
<noscript><p class="ik-error">This form checks that you are a person with a small calculation your browser makes with JavaScript. Please turn JavaScript on to sign up.</p></noscript>
<p class="ik-error" id="${id(view, "form-error")}" role="alert"></p>
${view.fields.map((f) => fieldHtml(view, f)).join("\n")}
${topicsHtml(view)}
<div class="ik-hp" aria-hidden="true"><label>Leave this field empty<input type="text" name="${h(view.honeypotName)}" tabindex="-1" autocomplete="off"></label></div>
${view.consent ? `<p class="ik-consent">${h(view.consent)}</p>` : ""}
<button class="ik-button" type="submit" disabled>${h(view.button)}</button>
<p class="ik-status" role="status"></p>
</form>`;
}

export function renderHostedPage(view: PublicFormView): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${h(view.title)}</title>
<style>${pageStyles(view)}</style>
</head>
<body>
<main class="ik-page">
${formHtml(view)}
</main>
<script type="application/json" id="ik-view">${scriptLiteral(clientView(view))}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The script is the same on every page: hashed once, not per view. */
const PAGE_SCRIPT_HASH = sha256(PAGE_SCRIPT);
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return "'self'";
  }
};

/**
 * The Content-Security-Policy the hosted page is served with: its one inline script and one inline
 * stylesheet by hash, requests only to the form's own URLs ('self' too: the page may be reached by another
 * name than APP_URL's), nothing else. (The server's default for what
 * is not a dashboard page, default-src 'none', would stop both.)
 */
export function hostedPagePolicy(view: PublicFormView): string {
  const targets = [...new Set([originOf(view.actionURL), originOf(view.challengeURL)])].join(" ");
  return [
    "default-src 'none'",
    `script-src ${PAGE_SCRIPT_HASH}`,
    `style-src ${sha256(pageStyles(view))}`,
    `connect-src 'self' ${targets}`,
    `form-action 'self' ${originOf(view.actionURL)}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
