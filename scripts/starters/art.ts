// The starters' pictures, drawn as SVG and rendered to PNG by thumbnails.ts (emails need PNG or JPEG:
// most mail clients show no SVG). Abstract on purpose: a marketer replaces them with their own.
type Art = { name: string; width: number; height: number; svg: string };

const hills = (sky: [string, string], a: string, b: string, sun: string) => `
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="600" height="300" fill="url(#s)"/>
  <circle cx="450" cy="110" r="54" fill="${sun}"/>
  <path d="M0 220 C120 160 220 170 320 215 S520 190 600 170 V300 H0Z" fill="${a}"/>
  <path d="M0 255 C140 215 260 240 380 262 S540 240 600 232 V300 H0Z" fill="${b}"/>`;

export const ART: Art[] = [
  {
    name: "logo",
    width: 280,
    height: 80,
    svg: `<rect width="280" height="80" fill="none"/><circle cx="40" cy="40" r="22" fill="#334155"/><circle cx="40" cy="40" r="9" fill="#ffffff"/>
      <text x="74" y="50" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" letter-spacing="3" fill="#334155">YOUR LOGO</text>`,
  },
  {
    name: "logo-light",
    width: 280,
    height: 80,
    svg: `<rect width="280" height="80" fill="none"/><circle cx="40" cy="40" r="22" fill="#f9fafb"/><circle cx="40" cy="40" r="9" fill="#111827"/>
      <text x="74" y="50" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" letter-spacing="3" fill="#f9fafb">YOUR LOGO</text>`,
  },
  { name: "welcome-hero", width: 600, height: 300, svg: hills(["#99f6e4", "#f0fdfa"], "#2dd4bf", "#0f766e", "#fde68a") },
  { name: "newsletter-hero", width: 600, height: 300, svg: hills(["#bfdbfe", "#eff6ff"], "#93c5fd", "#1d4ed8", "#fef3c7") },
  {
    name: "article-1",
    width: 280,
    height: 180,
    svg: `<rect width="280" height="180" fill="#fde68a"/><ellipse cx="140" cy="120" rx="80" ry="34" fill="#b45309"/><ellipse cx="140" cy="108" rx="62" ry="22" fill="#f59e0b"/><ellipse cx="140" cy="104" rx="44" ry="12" fill="#78350f"/>`,
  },
  {
    name: "article-2",
    width: 280,
    height: 180,
    svg: `<rect width="280" height="180" fill="#dbeafe"/><circle cx="100" cy="92" r="44" fill="#ffffff"/><circle cx="100" cy="92" r="30" fill="#f97316"/><rect x="170" y="52" width="14" height="80" rx="7" fill="#1e3a8a"/><rect x="196" y="52" width="14" height="80" rx="7" fill="#1e3a8a"/>`,
  },
  {
    name: "promotion-hero",
    width: 600,
    height: 400,
    svg: `<rect width="600" height="400" fill="#dc2626"/><g fill="#ef4444">${Array.from({ length: 12 }, (_, i) => `<circle cx="${(i * 97) % 600}" cy="${(i * 53) % 400}" r="${30 + (i % 4) * 18}"/>`).join("")}</g>`,
  },
  {
    name: "cart-hero",
    width: 600,
    height: 260,
    svg: `<rect width="600" height="260" fill="#ede9fe"/><rect x="230" y="70" width="140" height="150" rx="14" fill="#7c3aed"/><path d="M260 70 C260 20 340 20 340 70" stroke="#5b21b6" stroke-width="12" fill="none"/><circle cx="300" cy="140" r="22" fill="#c4b5fd"/>`,
  },
  {
    name: "stock-hero",
    width: 600,
    height: 260,
    svg: `<rect width="600" height="260" fill="#e0f2fe"/>${[60, 140, 220].map((y) => `<rect x="90" y="${y + 28}" width="420" height="8" fill="#0369a1"/>`).join("")}${[0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4].map((c) => `<rect x="${110 + c * 80}" y="${44 + r * 80}" width="50" height="${40 - (c % 2) * 10}" rx="6" y2="0" fill="${["#38bdf8", "#0ea5e9", "#7dd3fc"][(r + c) % 3]}" transform="translate(0 ${(c % 2) * 10})"/>`)).join("")}`,
  },
  {
    name: "launch-hero",
    width: 600,
    height: 340,
    svg: `<defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#fbbf24"/><stop offset="0.5" stop-color="#b45309" stop-opacity="0.35"/><stop offset="1" stop-color="#111827" stop-opacity="0"/></radialGradient></defs>
      <rect width="600" height="340" fill="#111827"/><rect width="600" height="340" fill="url(#g)"/><circle cx="300" cy="120" r="56" fill="#fde68a"/><rect x="292" y="176" width="16" height="110" fill="#e5e7eb"/><rect x="240" y="282" width="120" height="14" rx="7" fill="#e5e7eb"/>`,
  },
  {
    name: "reengage-hero",
    width: 600,
    height: 260,
    svg: `<rect width="600" height="260" fill="#fce7f3"/><rect x="170" y="50" width="260" height="160" rx="10" fill="#ffffff" transform="rotate(-4 300 130)"/><path d="M300 170 C230 120 250 80 285 90 C295 93 300 102 300 108 C300 102 305 93 315 90 C350 80 370 120 300 170Z" fill="#db2777"/>`,
  },
  {
    name: "product",
    width: 300,
    height: 300,
    svg: `<rect width="300" height="300" fill="#f3f4f6"/><rect x="90" y="70" width="120" height="160" rx="16" fill="#d1d5db"/><circle cx="150" cy="130" r="28" fill="#9ca3af"/>`,
  },
];
