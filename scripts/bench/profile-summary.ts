// Summarizes .cpuprofile files (node --cpu-prof): self time by function and by file, largest first, as
// shares of the profile (shares hold on a loaded machine where wall-clock rates do not).
// Usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile>... [--top 25]
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const top = args.includes("--top") ? Number(args[args.indexOf("--top") + 1]) : 25;
const files = args.filter((a, i) => a.endsWith(".cpuprofile") && args[i - 1] !== "--top");

const short = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\//, "nm/")
    .replace(/.*\/(lib|server|scripts|\.next)\//, "$1/");

for (const file of files) {
  const p: Profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const perFile = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? short(url) : "(native)";
    fn.set(
      `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`,
      (fn.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`) ?? 0) + t,
    );
    const pkg = where.startsWith("nm/")
      ? where
          .split("/")
          .slice(0, where.startsWith("nm/@") ? 3 : 2)
          .join("/")
      : where;
    perFile.set(pkg, (perFile.get(pkg) ?? 0) + t);
  }
  const show = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join("\n");
  console.log(
    `\n# ${file}: ${(total / 1e6).toFixed(1)} s sampled\n## self time by function\n${show(fn)}\n## by file / package\n${show(perFile)}`,
  );
}
