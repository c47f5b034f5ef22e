// PLACEHOLDER until the public rendering lands (h-firewall): the hosted signup page, a plain accessible
// HTML form that posts without a script (urlencoded), in the form's colours.
import type { PublicFormView } from "../public-view";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form element alone (the page's body), also what the embed script inserts. */
export function formHtml(view: PublicFormView): string {
  const fields = view.fields
    .map(
      (f) =>
        `<p><label for="ik-${esc(f.name)}">${esc(f.label)}${f.required ? ' <span aria-hidden="true">*</span>' : ""}</label><br>` +
        `<input id="ik-${esc(f.name)}" name="${esc(f.name)}" type="${f.type}" autocomplete="${esc(f.autocomplete)}"${f.required ? " required" : ""}></p>`,
    )
    .join("");
  const topics = view.topics.length
    ? `<fieldset><legend>Topics</legend>${view.topics
        .map((t) => `<label><input type="checkbox" name="topicIDs" value="${esc(t.id)}" checked> ${esc(t.name)}</label><br>`)
        .join("")}</fieldset>`
    : "";
  const honeypot = `<div aria-hidden="true" style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden"><label>Leave this empty<input name="${esc(view.honeypotName)}" tabindex="-1" autocomplete="off"></label></div>`;
  return (
    `<form class="ik-form" method="post" action="${esc(view.actionURL)}">` +
    `<h1 class="ik-title">${esc(view.title)}</h1>` +
    (view.description ? `<p class="ik-description">${esc(view.description)}</p>` : "") +
    fields +
    topics +
    honeypot +
    (view.consent ? `<p class="ik-consent">${esc(view.consent)}</p>` : "") +
    `<button type="submit">${esc(view.button)}</button></form>`
  );
}

export function formCss(view: PublicFormView): string {
  const c = view.colours;
  return `.ik-form{font:16px/1.5 system-ui,sans-serif;background:${c.background};color:${c.text};padding:1.5rem;border-radius:8px;max-width:28rem;margin:0 auto;box-sizing:border-box}
.ik-form h1{font-size:1.4rem;margin:0 0 .5rem}.ik-form input:not([type=checkbox]){width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #767676;border-radius:4px}
.ik-form button{background:${c.accent};color:${c.accentText};border:0;border-radius:4px;padding:.6rem 1.2rem;font:inherit;cursor:pointer}
.ik-form button:focus-visible,.ik-form input:focus-visible{outline:3px solid ${c.accent};outline-offset:2px}.ik-consent{font-size:.875rem}
.ik-alert{border:1px solid #b42318;background:#fef3f2;color:#7a271a;padding:.75rem;border-radius:4px;max-width:28rem;margin:0 auto 1rem;font:16px system-ui,sans-serif}`;
}

export function renderHostedPage(view: PublicFormView): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(view.title)}</title><style>body{margin:0;padding:2rem 1rem;background:#f6f7f9}${formCss(view)}</style></head>
<body><main>${formHtml(view)}</main></body></html>`;
}
