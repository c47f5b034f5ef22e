// Render benchmark: p50 time to render a 20-section template for one recipient, against MJML alone on
// the equivalent MJML document, in the same run. Run: npm run bench:render [-- --iterations 60]
import { performance } from "node:perf_hooks";
import mjml2html from "mjml";
import { clearRenderCache, compileUncached } from "@/lib/templates/render/compile";
import { templateToMjml } from "@/lib/templates/render/mjml/document";
import { renderDocument } from "@/lib/templates/render/render-document";
import { resolverOf, type RecipientData } from "@/lib/templates/render/recipient-data";
import { sampleProducts } from "@/lib/templates/render/sample-data";
import { fillText, Tokenizer } from "@/lib/templates/render/tokens";
import type { RenderSection, RenderableTemplate } from "@/lib/templates/render/types";
import { fullShape } from "@/lib/templates/render/warnings";

const iterations = Number(process.argv[process.argv.indexOf("--iterations") + 1]) || 60;
const WARMUP = 5;

type Block = RenderSection["rows"][number]["columns"][number]["blocks"][number];

function twentySections(): RenderableTemplate {
  const sections: RenderSection[] = [];
  for (let i = 0; i < 19; i++) {
    const blocks = (k: number): Block[] => [
      {
        id: `t${i}-${k}`,
        type: "text",
        text: `<h2>Section ${i}</h2><p>Hello [[contact.first_name | there]], this is paragraph ${k} with <a href="https://shop.example.com/${i}?e=[[contact.email]]">a link</a> and <strong>bold</strong> text.</p>`,
      },
      {
        id: `i${i}-${k}`,
        type: "image",
        image: { source: `https://cdn.example.com/${i}-${k}.png`, altText: "Image", link: "https://shop.example.com", resizeWidth: 260 },
      },
      { id: `b${i}-${k}`, type: "button", button: { text: "Shop now", link: "https://shop.example.com/sale" } },
    ];
    if (i === 10) {
      sections.push({
        id: `s${i}`,
        type: "product_recommender",
        productRecommender: { type: "newest", isOutOfStockIncluded: false },
        rows: [
          {
            id: `r${i}`,
            columns: [0, 1, 2].map((c) => ({ id: `c${i}-${c}`, blocks: [{ id: `p${i}-${c}`, type: "product", product: {} } as Block] })),
          },
        ],
      });
      continue;
    }
    const twoColumns = i % 2 === 0;
    sections.push({
      id: `s${i}`,
      styleProperties: { backgroundColor: i % 3 === 0 ? "#f5f5f5" : "#ffffff", paddingTop: "10px", paddingBottom: "10px" },
      rows: [{ id: `r${i}`, columns: (twoColumns ? [0, 1] : [0]).map((c) => ({ id: `c${i}-${c}`, blocks: blocks(c) })) }],
    });
  }
  sections.push({
    id: "footer",
    rows: [
      {
        id: "fr",
        columns: [
          {
            id: "fc",
            blocks: [
              {
                id: "social",
                type: "social",
                social: {
                  icons: [
                    { type: "facebook", link: "https://facebook.com/x" },
                    { type: "instagram", link: "https://instagram.com/x" },
                  ],
                },
              },
              { id: "divider", type: "lineSpace", lineSpace: { type: "line" } },
            ],
          },
        ],
      },
    ],
  });
  return {
    id: "bench00000000000000000000",
    name: "Benchmark",
    updatedAt: "2026-11-22T00:00:00.000Z",
    generalSettings: { content: { width: "600px" } },
    sections,
  };
}

function recipient(n: number): RecipientData {
  return {
    contact: { id: `c${n}`, firstName: `Person ${n}`, email: `person${n}@example.com` },
    hidden: [],
    slots: { s10: sampleProducts(3) },
    listing: {},
    lists: {},
    order: null,
    discounts: {},
  };
}

type Variant = { label: string; run: (i: number) => Promise<unknown>; times: number[] };

// Variants run interleaved (one iteration of each in turn), so load from elsewhere on the machine
// affects them alike instead of skewing whichever phase it happens to hit.
async function measure(variants: Variant[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) for (const v of variants) await v.run(i);
  for (let i = 0; i < iterations; i++) {
    for (const v of variants) {
      const start = performance.now();
      await v.run(i);
      v.times.push(performance.now() - start);
    }
  }
  return variants.map((v) => {
    const times = [...v.times].sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `${v.label.padEnd(52)} p50 ${median.toFixed(2).padStart(8)} ms   p90 ${times[Math.floor(times.length * 0.9)].toFixed(2).padStart(8)} ms`,
    );
    return median;
  });
}

const doc = twentySections();
// The equivalent MJML document: what the renderer hands MJML, with one recipient's values written in.
const tokens = new Tokenizer();
const tokenized = templateToMjml(doc, fullShape(doc), tokens);
const mjmlDocument = fillText(tokenized, tokens.specs, resolverOf(recipient(0)));
console.log(
  `template: ${doc.sections.length} sections; MJML document ${(mjmlDocument.length / 1024).toFixed(1)} KiB; ${iterations} iterations after ${WARMUP} warm-up\n`,
);

const [mjmlAlone, warm, cold, compileOnly] = await measure([
  { label: "MJML alone (mjml2html on the MJML document)", run: () => mjml2html(mjmlDocument, { validationLevel: "soft" }), times: [] },
  { label: "renderDocument, cached per template version", run: (i) => renderDocument(doc, recipient(i)), times: [] },
  {
    label: "renderDocument, cache cleared every time",
    run: (i) => {
      clearRenderCache();
      return renderDocument(doc, recipient(i));
    },
    times: [],
  },
  { label: "compile step alone (MJML build + mjml2html + text)", run: () => compileUncached(doc, fullShape(doc)), times: [] },
]);

console.log(`\nrender (cached) / MJML alone: ${(warm / mjmlAlone).toFixed(3)}x   (target < 1.5x)`);
console.log(`render (cold)   / MJML alone: ${(cold / mjmlAlone).toFixed(3)}x`);
console.log(`compile step    / MJML alone: ${(compileOnly / mjmlAlone).toFixed(3)}x`);
