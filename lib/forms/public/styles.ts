// The form's stylesheet, shared by the hosted page and the embed's shadow root: the view's colours, and
// nothing that depends on the host page (the embed resets everything it could inherit at :host).
import type { PublicFormView } from "@/lib/forms/public-view";
import { safeColour } from "./escape";

export function formStyles(view: PublicFormView): string {
  const c = view.colours;
  const bg = safeColour(c.background, "#ffffff");
  const text = safeColour(c.text, "#1f2328");
  const accent = safeColour(c.accent, "#1f4fd1");
  const accentText = safeColour(c.accentText, "#ffffff");
  return `
:host { all: initial; display: block; }
/* A website's "!important" rules on the host element win over :host and are inherited inside: the
   form's top elements start again from the initial values. */
.ik-form, .ik-backdrop, .ik-success { all: initial; display: block; }
.ik-form, .ik-success { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 16px;
  line-height: 1.45; color: ${text}; background: ${bg}; padding: 24px; border-radius: 8px; max-width: 480px; text-align: left; }
.ik-form *, .ik-form *::before, .ik-form *::after { box-sizing: border-box; }
.ik-title { font-size: 1.4em; margin: 0 0 8px; line-height: 1.2; color: ${text}; }
.ik-description, .ik-consent { margin: 0 0 16px; }
.ik-consent { font-size: 0.875em; }
.ik-field { margin: 0 0 14px; }
.ik-field label, .ik-topics legend { display: block; font-weight: 600; margin: 0 0 4px; }
.ik-field input { display: block; width: 100%; font: inherit; color: #1f2328; background: #ffffff; border: 1px solid #6e7781;
  border-radius: 6px; padding: 10px 12px; }
.ik-field input[aria-invalid="true"] { border: 2px solid ${text}; }
.ik-form :focus-visible { outline: 3px solid ${accent}; outline-offset: 2px; }
.ik-topics { border: 0; padding: 0; margin: 0 0 14px; }
.ik-topic { display: flex; gap: 8px; align-items: flex-start; margin: 4px 0; font-weight: 400; }
.ik-topic input { margin-top: 4px; width: 18px; height: 18px; }
.ik-topic small { display: block; font-size: 0.875em; }
.ik-error, .ik-field-error { font-weight: 600; margin: 4px 0 0; }
/* Empty, the live regions stay in the page (a region shown only when it gets text may go unannounced). */
.ik-error:empty, .ik-field-error:empty, .ik-status:empty { margin: 0; }
.ik-error { margin: 0 0 14px; }
.ik-hint-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 6px; }
.ik-button, .ik-hint-actions button { font: inherit; font-weight: 600; cursor: pointer; border-radius: 6px; padding: 10px 18px;
  background: ${accent}; color: ${accentText}; border: 2px solid ${accent}; }
.ik-hint-actions button { padding: 6px 12px; }
.ik-hint-actions button + button { background: transparent; color: ${text}; border-color: ${text}; }
.ik-button[disabled], .ik-button[aria-disabled="true"] { opacity: 0.6; cursor: not-allowed; }
.ik-status { margin: 10px 0 0; font-size: 0.875em; }
.ik-hp { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
.ik-success { font-weight: 600; }
.ik-alert { box-sizing: border-box; max-width: 480px; margin: 0 auto 16px; padding: 12px; border: 1px solid #b42318; border-radius: 6px;
  background: #fef3f2; color: #7a271a; font: 16px/1.45 system-ui, sans-serif; }
.ik-success:focus { outline: none; }
.ik-backdrop { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: center; justify-content: center;
  padding: 16px; background: rgba(0, 0, 0, 0.55); }
.ik-backdrop[hidden] { display: none; }
.ik-dialog { position: relative; max-height: 100%; overflow: auto; border-radius: 8px; background: ${bg}; width: 100%; max-width: 480px; }
.ik-close { position: absolute; top: 8px; right: 8px; font: inherit; font-size: 22px; line-height: 1; width: 40px; height: 40px;
  cursor: pointer; border: 0; border-radius: 6px; background: transparent; color: ${text}; }
`;
}
