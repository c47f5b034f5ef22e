// GET /f/{formID}/embed.js: the script a website includes to show the form inline (in the snippet's
// <div id="inkwell-form-<formID>">, or one marked data-inkwell-form="<formID>", else right after the script
// tag) or as a popup on its trigger. The form lives
// in a shadow root, so the host page's styles do not reach it (and its styles do not leak out); the popup
// is a modal dialog (role=dialog, aria-modal, focus kept inside, Escape and the close button close it,
// focus goes back where it was).
import type { PublicFormView } from "@/lib/forms/public-view";
import { CLIENT_RUNTIME } from "./client-runtime";
import { clientView } from "./client-view";
import { scriptLiteral } from "./escape";
import { formStyles } from "./styles";

const EMBED = String.raw`
(function (view, css) {
  "use strict";
  var doc = document;
  // The tag that loaded this script; when a tag manager inserted it, the first tag with its address.
  var script = doc.currentScript || doc.querySelector('script[src*="/f/' + CSS.escape(view.formID) + '/embed.js"]');

  function shadowHost(parent, before) {
    var host = doc.createElement("div");
    host.setAttribute("data-inkwell-form-host", view.formID);
    parent.insertBefore(host, before || null);
    var root = host.attachShadow({ mode: "open" });
    // A constructed stylesheet where the browser has them: a host page's CSP on <style> does not apply.
    try {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      var style = doc.createElement("style");
      style.textContent = css;
      root.appendChild(style);
    }
    return root;
  }

  function inline() {
    // The dashboard's snippet brings its own place: <div id="inkwell-form-ID"> (lib/forms/store.ts).
    var slot = doc.getElementById("inkwell-form-" + view.formID) || doc.querySelector('[data-inkwell-form="' + CSS.escape(view.formID) + '"]');
    var root = slot ? shadowHost(slot, null) : script && script.parentNode !== doc.head ? shadowHost(script.parentNode, script.nextSibling) : shadowHost(doc.body, null);
    var form = IK.buildForm(doc, view, "h2");
    root.appendChild(form);
    IK.enhance(root, form, view);
  }

  function popup() {
    var root = null, backdrop, dialog, form, returnTo = null, opened = false;
    // Closed or answered once, it stays away for the rest of the visit (this tab's session).
    var seenKey = "inkwell-form-seen:" + view.formID;
    function remember() { try { sessionStorage.setItem(seenKey, "1"); } catch (e) {} }
    try { if (sessionStorage.getItem(seenKey)) return; } catch (e) {}

    function focusables() {
      return Array.prototype.slice.call(dialog.querySelectorAll("button, input:not([type=hidden]):not([tabindex='-1']), [tabindex='0']"))
        .filter(function (n) { return !n.disabled && n.getClientRects().length > 0; });
    }
    function deepActive() {
      var a = doc.activeElement;
      while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
      return a;
    }
    function close() {
      remember();
      backdrop.hidden = true;
      doc.removeEventListener("keydown", onKey, true);
      if (returnTo && returnTo.focus) returnTo.focus();
    }
    function onKey(event) {
      if (backdrop.hidden) return;
      if (event.key === "Escape") { event.preventDefault(); close(); return; }
      if (event.key !== "Tab") return;
      var list = focusables();
      if (!list.length) return;
      var current = root.activeElement, first = list[0], last = list[list.length - 1];
      var inside = list.indexOf(current) >= 0 || current === dialog || (current && dialog.contains(current));
      if (event.shiftKey && (current === first || !inside)) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && (current === last || !inside)) { event.preventDefault(); first.focus(); }
    }
    function open() {
      if (opened) return;
      opened = true;
      stopTriggers();
      returnTo = deepActive();
      root = shadowHost(doc.body, null);
      backdrop = IK.el(doc, "div", { "class": "ik-backdrop" });
      dialog = IK.el(doc, "div", { "class": "ik-dialog", role: "dialog", "aria-modal": "true", "aria-label": view.title });
      var closer = IK.el(doc, "button", { "class": "ik-close", type: "button", "aria-label": view.closeLabel });
      closer.textContent = "\u00d7";
      closer.addEventListener("click", close);
      form = IK.buildForm(doc, view, "h2");
      dialog.appendChild(form);
      dialog.appendChild(closer);
      backdrop.appendChild(dialog);
      backdrop.addEventListener("mousedown", function (event) { if (event.target === backdrop) close(); });
      root.appendChild(backdrop);
      doc.addEventListener("keydown", onKey, true);
      IK.enhance(root, form, view, remember);
      var firstInput = form.querySelector("input:not([tabindex='-1'])");
      (firstInput || closer).focus();
    }

    var stops = [];
    function on(target, type, handler, options) {
      target.addEventListener(type, handler, options);
      stops.push(function () { target.removeEventListener(type, handler, options); });
    }
    function stopTriggers() { stops.forEach(function (s) { s(); }); stops = []; }

    var trigger = view.trigger || { type: "delay", seconds: 0 };
    if (trigger.type === "delay") {
      var timer = setTimeout(open, Math.max(0, trigger.seconds) * 1000);
      stops.push(function () { clearTimeout(timer); });
    } else if (trigger.type === "exitIntent") {
      // The pointer leaving through the top of the window: towards the tabs, the address bar, the close button.
      on(doc, "mouseout", function (event) { if (!event.relatedTarget && event.clientY <= 0) open(); });
    } else if (trigger.type === "scroll") {
      var check = function () {
        var range = doc.documentElement.scrollHeight - window.innerHeight;
        var done = range <= 0 ? 100 : (window.scrollY / range) * 100;
        if (done >= trigger.percent) open();
      };
      on(window, "scroll", check, { passive: true });
    }
  }

  var start = view.mode === "popup" ? popup : inline;
  // A tag in <head> runs before there is a body to place the form in.
  if (!doc.body) doc.addEventListener("DOMContentLoaded", start);
  else start();
})(`;

/** The JavaScript of embed.js: one function scope, so the host page gets no global of ours. */
export function embedScript(view: PublicFormView): string {
  const label = view.formID.replace(/[^A-Za-z0-9_-]/g, "");
  return `/* Inkwell signup form ${label} */\n(function () {\n${CLIENT_RUNTIME}\n${EMBED}${scriptLiteral(clientView(view))}, ${scriptLiteral(formStyles(view))});\n})();\n`;
}
