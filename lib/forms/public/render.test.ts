// The hosted page and embed.js as text: brand and visitor text escaped, the scripts valid JavaScript, the
// page's policy naming exactly its inline script and style. (Their behaviour in Chromium:
// e2e/forms-embed.spec.ts.)
import { createHash } from "node:crypto";
import { Script, createContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CLIENT_RUNTIME } from "./client-runtime";
import { embedScript } from "./embed-script";
import { sampleView } from "./fixtures";
import { hostedPagePolicy, renderHostedPage } from "./render-page";

const hostile = sampleView("https://inkwell.example", {
  title: "</script><img src=x onerror=alert(1)>",
  fields: [{ name: "email", label: '"><svg onload=alert(2)>', type: "email", required: true, autocomplete: "email" }],
  colours: {
    background: "red; } body { visibility: collapse",
    text: "#000",
    accent: "</style><script>alert(3)</script>",
    accentText: "#fff",
  },
});

const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("renderHostedPage", () => {
  it("writes every text as text, never markup", () => {
    const page = renderHostedPage(hostile);
    expect(page).not.toMatch(/<img|<svg|<script>alert|<b>No/);
    expect(page).toContain("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(page).toContain("&quot;&gt;&lt;svg onload=alert(2)&gt;");
    // a colour that is not one falls back instead of ending the rule
    expect(page).not.toContain("visibility: collapse");
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });

  it("ties each field to its label and its error message, and is usable without the honeypot", () => {
    const page = renderHostedPage(sampleView("https://inkwell.example"));
    expect(page).toContain('<label for="ik-email">Email address');
    expect(page).toContain('aria-describedby="ik-email-error"');
    expect(page).toContain('<div class="ik-field-error" id="ik-email-error"></div>');
    expect(page).toMatch(/<div class="ik-hp" aria-hidden="true">.*tabindex="-1"/);
    // without JavaScript: the button is disabled and a notice says why
    expect(page).toMatch(/<button class="ik-button" type="submit" disabled>/);
    expect(page).toMatch(/<noscript>.*turn JavaScript on/);
  });

  it("is served with a policy that allows its one script and stylesheet by hash, and the form's URLs", () => {
    const view = sampleView("https://inkwell.example");
    const page = renderHostedPage(view);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1];
    const policy = hostedPagePolicy(view);
    expect(policy).toContain(`script-src 'sha256-${hash(script)}'`);
    expect(policy).toContain(`style-src 'sha256-${hash(style)}'`);
    expect(policy).toContain("connect-src 'self' https://inkwell.example");
    expect(policy).toContain("form-action 'self' https://inkwell.example");
    expect(policy).toContain("default-src 'none'");
    expect(() => new Script(script)).not.toThrow();
  });
});

describe("embedScript", () => {
  it("is one valid script that holds the view as data", () => {
    const js = embedScript(hostile);
    expect(() => new Script(js)).not.toThrow();
    expect(js).not.toMatch(/<\/script|<img|<svg/i);
    expect(js).toContain("\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e");
    // no markup parsing of view text anywhere in the browser code
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});

describe("the browser runtime's proof of work", () => {
  // The runtime as a browser gets it, run in a bare context: no DOM is needed for hashing and solving.
  const runtime = () => {
    const context = createContext({ TextEncoder, btoa, Promise, Uint8Array, Int32Array, Math, JSON, Date });
    new Script(`${CLIENT_RUNTIME}\nthis.IK = IK;`).runInContext(context);
    return context.IK as { sha256(bytes: Uint8Array): ArrayBuffer; solve(ch: object): Promise<string> };
  };

  it("hashes as SHA-256 does without crypto.subtle (plain-http websites have none)", () => {
    const ik = runtime();
    for (const text of [
      "",
      "abc",
      "a".repeat(55),
      "a".repeat(56),
      "a".repeat(64),
      "salt?brand=b&form=f&expires=1&12345",
      "é".repeat(100),
    ]) {
      const bytes = new TextEncoder().encode(text);
      expect(Buffer.from(ik.sha256(bytes)).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
  });

  it("solves a challenge of createChallenge's shape with it", async () => {
    const { createChallenge } = await import("altcha-lib/v1");
    const challenge = await createChallenge({ hmacKey: "k".repeat(32), maxnumber: 3000 });
    const payload = JSON.parse(Buffer.from(await runtime().solve(challenge), "base64").toString());
    expect(createHash("sha256").update(`${challenge.salt}${payload.number}`).digest("hex")).toBe(challenge.challenge);
    expect(payload).toMatchObject({ algorithm: "SHA-256", salt: challenge.salt, signature: challenge.signature });
  });
});
