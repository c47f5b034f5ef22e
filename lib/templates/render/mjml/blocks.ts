// Content blocks → MJML. Each function returns MJML markup for one block inside an mj-column.
import type { Block } from "@/lib/templates/schema";
import { sanitizeEmailCss, sanitizeEmailHtml } from "../sanitize";
import { decodeEntities, escapeHtml } from "../tags";
import { commerceBlock } from "./commerce-blocks";
import { presetById, type BuildContext, type NodeContext } from "./context";
import { boxAttrs, buttonAttrs, inlineCss, mergeStyles, textAttrs, toPixels } from "./styles";
import { el, escapeAttr } from "./xml";

type BlockOf<T extends Block["type"]> = Extract<Block, { type: T }>;

/** Classes that hide a node on one kind of screen (the media queries are in the document head). */
export function visibilityClass(v: { hideOnDesktop?: boolean; hideOnMobile?: boolean } | undefined): string | undefined {
  const classes = [v?.hideOnDesktop && "ink-hide-desktop", v?.hideOnMobile && "ink-hide-mobile"].filter(Boolean);
  return classes.length ? classes.join(" ") : undefined;
}

/** User HTML: sanitized, then links and tags turned into tokens. */
export function userHtml(html: string, ctx: BuildContext, node: NodeContext): string {
  const clean = sanitizeEmailHtml(html);
  const linked = clean.includes("[[")
    ? clean.replace(/(\s(?:href|src)=")([^"]*)"/g, (m, head: string, value: string) =>
        value.includes("[[") ? `${head}${escapeAttr(ctx.tokens.link(decodeEntities(value), node))}"` : m)
    : clean;
  return ctx.tokens.tags(linked, node);
}

function imageWidth(width: string | undefined, node: NodeContext): string | undefined {
  const px = toPixels(width, node.columnWidth);
  return px ? `${Math.min(px, node.columnWidth)}px` : undefined;
}

function text(block: BlockOf<"text">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  return el("mj-text", { ...textAttrs(s), "css-class": cls }, userHtml(block.text, ctx, node));
}

function button(block: BlockOf<"button">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const preset = presetById(ctx.buttonPresets, block.stylePresetID ?? "primary_button");
  const s = mergeStyles(preset, block.styleProperties);
  return el("mj-button", {
    ...buttonAttrs(s),
    href: ctx.tokens.link(block.link, node),
    target: block.openInNewTab ? "_blank" : undefined,
    width: block.fullWidth ? "100%" : undefined,
    "css-class": cls,
  }, escapeHtml(ctx.tokens.plain(block.text, node)));
}

function image(block: BlockOf<"image">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  return el("mj-image", {
    ...boxAttrs(block.styleProperties ?? {}),
    src: ctx.tokens.link(block.src, node),
    alt: block.alt === undefined ? "" : ctx.tokens.plain(block.alt, node),
    href: block.link ? ctx.tokens.link(block.link, node) : undefined,
    width: imageWidth(block.width, node),
    align: block.align,
    "border-radius": block.styleProperties?.borderRadius,
    "css-class": cls,
  });
}

function video(block: BlockOf<"video">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  return el("mj-image", {
    ...boxAttrs(block.styleProperties ?? {}),
    src: ctx.tokens.link(block.thumbnailSrc, node),
    alt: ctx.tokens.plain(block.alt ?? "Play video", node),
    title: "Play video",
    href: ctx.tokens.link(block.videoUrl, node),
    width: imageWidth(block.width, node),
    "css-class": cls,
  });
}

function logo(block: BlockOf<"logo">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const shared = ctx.settings.logo ?? {};
  const src = block.src ?? shared.src;
  if (!src) return "";
  const link = block.link ?? shared.link;
  return el("mj-image", {
    ...boxAttrs(block.styleProperties ?? {}),
    src: ctx.tokens.link(src, node),
    alt: ctx.tokens.plain(block.alt ?? "Logo", node),
    href: link ? ctx.tokens.link(link, node) : undefined,
    width: imageWidth(block.width ?? shared.width ?? "150px", node),
    align: block.align ?? "center",
    "css-class": cls,
  });
}

function menu(block: BlockOf<"menu">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  const links = block.components.map((item, i) => {
    const itemNode = { ...node, pointer: `${node.pointer}/components/${i}` };
    const style = inlineCss({ ...s, textDecoration: s.textDecoration ?? "none", ...(item.styleProperties ?? {}) });
    return `<a href="${escapeAttr(ctx.tokens.link(item.link, itemNode))}" style="${escapeAttr(style)}">${escapeHtml(ctx.tokens.plain(item.text, itemNode))}</a>`;
  });
  const content = block.layout === "vertical"
    ? links.map((a) => `<div style="padding:4px 0">${a}</div>`).join("")
    : links.join(`<span style="padding:0 8px">${escapeHtml(block.separator ?? "|")}</span>`);
  return el("mj-text", { ...textAttrs(s), align: s.textAlign ?? "center", "css-class": cls }, content);
}

// Networks MJML has icons for; the others use its generic web icon with the network as alt text.
const MJML_NETWORKS: Record<string, string> = {
  facebook: "facebook", instagram: "instagram", x: "x", twitter: "twitter", linkedin: "linkedin", youtube: "youtube",
  pinterest: "pinterest", snapchat: "snapchat", website: "web",
};
const ICON_SIZES = { small: "20px", medium: "30px", large: "40px" } as const;
const ICON_BACKGROUNDS = { dark: "#333333", light: "#eeeeee" } as const;

function social(block: BlockOf<"social">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const background = block.iconStyle === "dark" || block.iconStyle === "light" ? ICON_BACKGROUNDS[block.iconStyle] : undefined;
  const icons = block.icons.map((icon, i) => el("mj-social-element", {
    // -noshare: link straight to the profile, not to the network's share dialog
    name: `${MJML_NETWORKS[icon.network] ?? "web"}-noshare`,
    href: ctx.tokens.link(icon.link, { ...node, pointer: `${node.pointer}/icons/${i}` }),
    alt: icon.network,
    title: icon.network,
    "background-color": background,
  }, ""));
  return el("mj-social", {
    ...boxAttrs(block.styleProperties ?? {}),
    mode: "horizontal",
    "icon-size": ICON_SIZES[block.iconSize ?? "medium"],
    "css-class": cls,
  }, icons.join(""));
}

function htmlCode(block: BlockOf<"htmlCode">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  if (block.style) ctx.css.push(sanitizeEmailCss(block.style));
  // mj-text rather than mj-raw: raw markup inside a column's table would be hoisted out of it by HTML parsers.
  return el("mj-text", { padding: "0", ...textAttrs(block.styleProperties ?? {}), "css-class": cls }, userHtml(block.body, ctx, node));
}

function lineSpace(block: BlockOf<"lineSpace">, _ctx: BuildContext, _node: NodeContext, cls?: string): string {
  if (block.kind === "space") return el("mj-spacer", { height: block.height ?? "20px", "css-class": cls });
  return el("mj-divider", {
    ...boxAttrs(block.styleProperties ?? {}),
    "border-color": block.lineColor ?? "#dddddd",
    "border-width": block.height ?? "1px",
    "border-style": block.lineStyle ?? "solid",
    "css-class": cls,
  });
}

function preheader(block: BlockOf<"preheader">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID ?? "footnote"), block.styleProperties);
  const label = escapeHtml(ctx.tokens.plain(block.text, node));
  const href = ctx.tokens.token("$message.view_in_browser_url", "url", "#");
  return el("mj-text", { ...textAttrs(s), align: s.textAlign ?? "center", "css-class": cls }, `<a href="${href}" style="color:inherit">${label}</a>`);
}

export function renderBlock(block: Block, ctx: BuildContext, node: NodeContext): string {
  if (ctx.shape.hidden.includes(block.id)) return "";
  const cls = visibilityClass(block.visibility);
  switch (block.type) {
    case "text": return text(block, ctx, node, cls);
    case "button": return button(block, ctx, node, cls);
    case "image": return image(block, ctx, node, cls);
    case "video": return video(block, ctx, node, cls);
    case "logo": return logo(block, ctx, node, cls);
    case "menu": return menu(block, ctx, node, cls);
    case "social": return social(block, ctx, node, cls);
    case "htmlCode": return htmlCode(block, ctx, node, cls);
    case "lineSpace": return lineSpace(block, ctx, node, cls);
    case "preheader": return preheader(block, ctx, node, cls);
    default: return commerceBlock(block, ctx, node, cls);
  }
}
