// The script a visitor's browser runs, shared by embed.js and the hosted page: build the form (embed) or
// take the server-rendered one (page), solve the proof-of-work (ALTCHA's protocol, SHA-256 with
// crypto.subtle, or its own SHA-256 where that is missing, client-sha256.ts: no third-party service, no
// other script), post JSON, show field errors, the typo hint and the success text. Every text it shows is set with textContent: the view's texts and the server's
// answers are never parsed as HTML.
//
// It is plain JavaScript in a string, not a function serialized with toString(): the bundlers that compile
// lib/ (Next's, tsx's esbuild) may rewrite a function's source (helpers such as __name), and this text is
// sent to browsers as it is. So: no backticks and no template substitutions in it.
import { CLIENT_SHA256 } from "./client-sha256";

export const CLIENT_RUNTIME =
  String.raw`
var IK = (function () {
  "use strict";
  var enc = new TextEncoder();

  function el(doc, tag, attrs, text) {
    var node = doc.createElement(tag);
    for (var k in attrs || {}) if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  // One form per document or shadow root: ids need no form id (render-page.ts writes the same ones).
  function idFor(view, name) { return "ik-" + name; }

  // The embed's form, the same structure render-page.ts writes as HTML.
  function buildForm(doc, view, heading) {
    var form = el(doc, "form", { "class": "ik-form", action: view.actionURL, method: "post", "aria-labelledby": idFor(view, "title") });
    form.appendChild(el(doc, heading, { "class": "ik-title", id: idFor(view, "title") }, view.title));
    if (view.description) form.appendChild(el(doc, "p", { "class": "ik-description" }, view.description));
    form.appendChild(el(doc, "p", { "class": "ik-error", id: idFor(view, "form-error"), role: "alert" }));
    view.fields.forEach(function (f) {
      var box = el(doc, "div", { "class": "ik-field" });
      var label = el(doc, "label", { "for": idFor(view, f.name) }, f.label);
      if (f.required) label.appendChild(el(doc, "span", { "aria-hidden": "true" }, " *"));
      box.appendChild(label);
      box.appendChild(el(doc, "input", { id: idFor(view, f.name), name: f.name, type: f.type, autocomplete: f.autocomplete,
        required: f.required ? "" : null, "aria-describedby": idFor(view, f.name + "-error") }));
      box.appendChild(el(doc, "div", { "class": "ik-field-error", id: idFor(view, f.name + "-error") }));
      form.appendChild(box);
    });
    if (view.topics.length) {
      var set = el(doc, "fieldset", { "class": "ik-topics" });
      set.appendChild(el(doc, "legend", null, view.topicsLegend));
      view.topics.forEach(function (t) {
        var label = el(doc, "label", { "class": "ik-topic" });
        label.appendChild(el(doc, "input", { type: "checkbox", name: "topicIDs", value: t.id, checked: "" }));
        var words = el(doc, "span", null, t.name);
        if (t.description) words.appendChild(el(doc, "small", null, t.description));
        label.appendChild(words);
        set.appendChild(label);
      });
      form.appendChild(set);
    }
    var hp = el(doc, "div", { "class": "ik-hp", "aria-hidden": "true" });
    var hpLabel = el(doc, "label", null, "Leave this field empty");
    hpLabel.appendChild(el(doc, "input", { type: "text", name: view.honeypotName, tabindex: "-1", autocomplete: "off" }));
    hp.appendChild(hpLabel);
    form.appendChild(hp);
    if (view.consent) form.appendChild(el(doc, "p", { "class": "ik-consent" }, view.consent));
    form.appendChild(el(doc, "button", { "class": "ik-button", type: "submit" }, view.button));
    form.appendChild(el(doc, "p", { "class": "ik-status", role: "status" }));
    return form;
  }

  function hex(buffer) {
    var bytes = new Uint8Array(buffer), out = "";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

` +
  CLIENT_SHA256 +
  String.raw`
  var digest = typeof crypto !== "undefined" && crypto.subtle
    ? function (text) { return crypto.subtle.digest("SHA-256", enc.encode(text)); }
    : function (text) { return Promise.resolve(sha256(enc.encode(text))); };

  // ALTCHA: the number n (0..maxnumber) with SHA-256(salt + n) = challenge, hashed a few hundred at a time.
  async function solve(ch) {
    var max = ch.maxnumber || 1000000, started = Date.now();
    for (var start = 0; start <= max; start += 400) {
      var batch = [];
      for (var n = start; n <= Math.min(start + 399, max); n++) batch.push(digest(ch.salt + n));
      var hashes = await Promise.all(batch);
      for (var i = 0; i < hashes.length; i++) {
        if (hex(hashes[i]) === ch.challenge) {
          return btoa(JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: start + i, salt: ch.salt, signature: ch.signature, took: Date.now() - started }));
        }
      }
    }
    throw new Error("unsolved");
  }

  // A solved challenge and when it expires (the salt carries "expires=<unix seconds>").
  async function proof(view) {
    var res = await fetch(view.challengeURL, { credentials: "omit", headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error("challenge " + res.status);
    var ch = await res.json();
    var expires = /[?&]expires=(\d+)/.exec(ch.salt || "");
    return { payload: await solve(ch), expiresAt: expires ? Number(expires[1]) * 1000 : Infinity };
  }

  function problemCode(p) {
    if (p && typeof p.code === "string") return p.code;
    var m = /\/([a-z-]+)$/.exec((p && p.type) || "");
    return m ? m[1] : "";
  }

  // Makes a form live: the proof of work in the background, submission by fetch, answers shown in place.
  function enhance(root, form, view, onDone) {
    var doc = form.ownerDocument;
    // Document and ShadowRoot both look ids up, without a selector to escape.
    var byId = function (id) { return root.getElementById(id); };
    var button = form.querySelector("button[type=submit]");
    var status = form.querySelector(".ik-status");
    var formError = byId(idFor(view, "form-error"));
    var emailInput = form.elements.namedItem("email");
    var acceptTypo = false, busy = false, pending = null;

    function prepare() {
      pending = proof(view);
      pending.catch(function () {});
    }
    function clearErrors() {
      formError.textContent = "";
      view.fields.forEach(function (f) {
        var box = byId(idFor(view, f.name + "-error"));
        if (box) box.textContent = "";
        var input = form.elements.namedItem(f.name);
        if (input) input.removeAttribute("aria-invalid");
      });
    }
    function fieldError(name, text) {
      var box = byId(idFor(view, name + "-error"));
      var input = form.elements.namedItem(name);
      if (!box || !input) return null;
      box.textContent = text;
      input.setAttribute("aria-invalid", "true");
      return input;
    }
    function typoHint(p) {
      var typed = emailInput.value.trim();
      var local = typed.slice(0, typed.lastIndexOf("@"));
      var input = fieldError("email", "Did you mean " + local + "@" + p.suggestion + "?");
      var box = byId(idFor(view, "email-error"));
      var actions = el(doc, "div", { "class": "ik-hint-actions" });
      var use = el(doc, "button", { type: "button" }, "Use " + p.suggestion);
      var keep = el(doc, "button", { type: "button" }, "Keep " + typed);
      use.addEventListener("click", function () {
        emailInput.value = local + "@" + p.suggestion;
        send();
      });
      keep.addEventListener("click", function () {
        acceptTypo = true;
        send();
      });
      actions.appendChild(use);
      actions.appendChild(keep);
      box.appendChild(actions);
      return input;
    }
    function showProblem(p, httpStatus) {
      var code = problemCode(p), first = null;
      if (code === "typo" && p.suggestion) first = typoHint(p);
      else if (code === "disposable-domain" || code === "no-mail-domain" || code === "invalid-email") first = fieldError("email", p.detail);
      else if (p && Array.isArray(p.errors) && p.errors.length) {
        p.errors.forEach(function (e) {
          var name = String(e.field || e.pointer || "").replace(/^\/+/, "").split(/[./]/)[0];
          var input = fieldError(name, e.message || p.detail);
          if (!input) formError.textContent = e.message || p.detail;
          first = first || input;
        });
      } else formError.textContent = (p && p.detail) || (httpStatus === 429 ? "Too many signups just now. Please try again later." : "Something went wrong. Please try again.");
      if (first) first.focus();
    }
    function succeed() {
      var done = el(doc, "div", { "class": "ik-success", role: "status", tabindex: "-1" }, view.success);
      form.replaceWith(done);
      done.focus();
      if (onDone) onDone(done);
    }
    async function send() {
      if (busy) return;
      if (!form.checkValidity()) { form.reportValidity(); return; }
      busy = true;
      clearErrors();
      // aria-disabled, not disabled: a disabled button loses the keyboard focus
      button.setAttribute("aria-disabled", "true");
      var slow = setTimeout(function () { status.textContent = view.workingText; }, 400);
      try {
        var ready;
        try { ready = await pending; } catch (e) { prepare(); ready = await pending; }
        // Solved when the form was shown: a visitor who took longer than the challenge lives gets a new
        // one (an expired solution would be dropped as a bot's while looking like a success).
        if (ready.expiresAt - Date.now() < 30000) { prepare(); ready = await pending; }
        var body = {};
        view.fields.forEach(function (f) { body[f.name] = String(form.elements.namedItem(f.name).value).trim(); });
        // Only a form that offers topics posts them: without the field the form's own topics apply.
        if (view.topics.length) body.topicIDs = Array.prototype.slice.call(form.querySelectorAll("input[name=topicIDs]:checked")).map(function (i) { return i.value; });
        body[view.honeypotName] = form.elements.namedItem(view.honeypotName).value;
        body.altcha = ready.payload;
        body.acceptTypo = acceptTypo;
        prepare(); // a solution is taken once: the next attempt needs a new one
        var res = await fetch(view.actionURL, { method: "POST", credentials: "omit",
          headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
        if (res.ok) return succeed();
        var problem = {};
        try { problem = await res.json(); } catch (e) {}
        showProblem(problem, res.status);
      } catch (e) {
        formError.textContent = "We could not reach the server. Please check your connection and try again.";
      } finally {
        clearTimeout(slow);
        status.textContent = "";
        button.removeAttribute("aria-disabled");
        busy = false;
      }
    }
    if (emailInput) emailInput.addEventListener("input", function () { acceptTypo = false; });
    form.addEventListener("submit", function (event) { event.preventDefault(); send(); });
    button.removeAttribute("disabled");
    prepare();
  }

  return { buildForm: buildForm, enhance: enhance, el: el, idFor: idFor, sha256: sha256, solve: solve };
})();
`;
