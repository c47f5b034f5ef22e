// Builds the pipe's light entry point (scripts/receive-mail.ts) into build/receive-mail.mjs: our TypeScript
// bundled (the "@/" paths from tsconfig), every package left to node_modules. Run by `npm run build`.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
await build({
  entryPoints: [path.join(root, "scripts/receive-mail.ts")],
  outfile: path.join(root, "build/receive-mail.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
  banner: { js: "// Built by scripts/build-receive-mail.mts from scripts/receive-mail.ts: do not edit." },
});
console.log("built build/receive-mail.mjs");
