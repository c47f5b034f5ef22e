// Content blocks → MJML. Each function returns MJML markup for one block inside an mj-column.
import { VIEW_IN_BROWSER_TAG } from "@/lib/templates/merge-tags";
import type { Block, BlockComponent } from "@/lib/templates/schema";
import { sanitizeEmailCss, sanitizeEmailHtml } from "../sanitize";
import { decodeEntities, escapeHtml } from "../tags";
import { commerceBlock } from "./commerce-blocks";
import { presetById, type BuildContext, type NodeContext } from "./context";
import {
  absoluteUrl,
  boxAttrs,
  buttonAttrs,
  buttonStyles,
  inlineCss,
  mergeStyles,
  textAttrs,
  toPixels,
  wrapperCss,
  type Styles,
} from "./styles";
import { el, escapeAttr } from "./xml";

/** Classes that hide a node on one kind of screen (the media queries are in the document head). */
export function visibilityClass(v: { isDesktopVisible?: boolean; isMobileVisible?: boolean } | undefined): string | undefined {
  const classes = [v?.isDesktopVisible === false && "ink-hide-desktop", v?.isMobileVisible === false && "ink-hide-mobile"].filter(Boolean);
  return classes.length ? classes.join(" ") : undefined;
}

/** Classes of a block: device visibility and its link colour rule. */
export function classes(ctx: BuildContext, visibility: Block["visibility"], s: Styles): string | undefined {
  const list = [visibilityClass(visibility), s.linkColor ? ctx.linkClass(s.linkColor) : undefined].filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

/** User HTML: sanitized, then links and tags turned into tokens. */
export function userHtml(html: string, ctx: BuildContext, node: NodeContext): string {
  const clean = sanitizeEmailHtml(html);
  const linked = clean.includes("[[")
    ? clean.replace(/(\s(?:href|src)=")([^"]*)"/g, (m, head: string, value: string) =>
        value.includes("[[") ? `${head}${escapeAttr(ctx.tokens.link(decodeEntities(value), node))}"` : m,
      )
    : clean;
  return ctx.tokens.tags(linked, node);
}

/** Content of an mj-text, wrapped when the styles need what mj-text has no attribute for. */
export function wrapped(content: string, s: Styles): string {
  const css = wrapperCss(s);
  return css ? `<div style="${escapeAttr(css)}">${content}</div>` : content;
}

const imageSrc = (ctx: BuildContext, source: string, node: NodeContext) => ctx.tokens.link(absoluteUrl(source), node);

function imageWidth(width: number | undefined, node: NodeContext): string | undefined {
  const px = toPixels(width, node.columnWidth);
  return px ? `${Math.min(px, node.columnWidth)}px` : undefined;
}

function text(block: Block, ctx: BuildContext, node: NodeContext): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  return el(
    "mj-text",
    { ...textAttrs(s), "css-class": classes(ctx, block.visibility, s) },
    wrapped(userHtml(block.text ?? "", ctx, node), s),
  );
}

/** A button from its content and styles (a button block, or a discount's or product's button component). */
export function buttonMarkup(
  content: { text?: string; link?: string; isFullWidth?: boolean; openInNewTab?: boolean } | undefined,
  s: Styles,
  ctx: BuildContext,
  node: NodeContext,
  cls?: string,
  fallbackLink = "#",
): string {
  return el(
    "mj-button",
    {
      ...buttonAttrs(s),
      href: content?.link ? ctx.tokens.link(content.link, node) : fallbackLink,
      target: content?.openInNewTab ? "_blank" : undefined,
      width: content?.isFullWidth ? "100%" : undefined,
      "css-class": cls,
    },
    escapeHtml(ctx.tokens.plain(content?.text ?? "Button", node)),
  );
}

function button(block: Block, ctx: BuildContext, node: NodeContext): string {
  const s = buttonStyles(presetById(ctx.buttonPresets, block.stylePresetID ?? "primary_button"), block.styleProperties);
  return buttonMarkup(block.button, s, ctx, node, classes(ctx, block.visibility, s));
}

function image(block: Block, ctx: BuildContext, node: NodeContext): string {
  const img = block.image ?? {};
  if (!img.source) return "";
  const s = block.styleProperties ?? {};
  return el("mj-image", {
    ...boxAttrs(s),
    src: imageSrc(ctx, img.source, node),
    alt: img.altText === undefined ? "" : ctx.tokens.plain(img.altText, node),
    href: img.link ? ctx.tokens.link(img.link, node) : undefined,
    width: imageWidth(img.resizeWidth, node),
    height: img.maxHeight ? `${img.maxHeight}px` : undefined,
    border: s.border,
    "border-radius": s.borderRadius,
    "css-class": classes(ctx, block.visibility, s),
  });
}

function video(block: Block, ctx: BuildContext, node: NodeContext): string {
  const v = block.video ?? {};
  const thumbnail = v.image?.source;
  if (!thumbnail) return "";
  const s = block.styleProperties ?? {};
  return el("mj-image", {
    ...boxAttrs(s),
    src: imageSrc(ctx, thumbnail, node),
    alt: ctx.tokens.plain(v.altText ?? v.image?.altText ?? "Play video", node),
    title: "Play video",
    href: v.link ? ctx.tokens.link(v.link, node) : undefined,
    width: imageWidth(v.image?.resizeWidth, node),
    border: s.border,
    "border-radius": s.borderRadius,
    "css-class": classes(ctx, block.visibility, s),
  });
}

function logo(block: Block, ctx: BuildContext, node: NodeContext): string {
  const shared = ctx.settings.logo ?? {};
  const src = block.image?.source ?? block.logo?.source ?? shared.source;
  if (!src) return "";
  const link = block.logo?.link ?? block.image?.link ?? shared.link;
  const s = block.styleProperties ?? {};
  return el("mj-image", {
    ...boxAttrs(s),
    src: imageSrc(ctx, src, node),
    alt: ctx.tokens.plain(block.image?.altText ?? "Logo", node),
    href: link ? ctx.tokens.link(link, node) : undefined,
    width: imageWidth(block.logo?.resizeWidth ?? block.image?.resizeWidth ?? shared.resizeWidth ?? 150, node),
    align: s.alignment === "left" || s.alignment === "right" ? s.alignment : "center",
    border: s.border,
    "border-radius": s.borderRadius,
    "css-class": classes(ctx, block.visibility, s),
  });
}

/** A menu item's HTML: its links get the menu's font and colour (no underline unless the styles say so). */
function menuItem(item: BlockComponent, s: Styles, ctx: BuildContext, node: NodeContext): string {
  const own = mergeStyles(presetById(ctx.textPresets, item.stylePresetID), { ...s, ...(item.styleProperties ?? {}) });
  const style = inlineCss({ ...own, color: own.linkColor ?? own.color, textDecoration: own.textDecoration ?? "none" });
  const html = userHtml(item.text ?? "", ctx, node).replace(/<\/?p>/g, "");
  return `<span style="${escapeAttr(style)}">${html.replace(/<a /g, `<a style="${escapeAttr(style)}" `)}</span>`;
}

function menu(block: Block, ctx: BuildContext, node: NodeContext): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  const items = (block.components ?? []).filter((c) => c.role === "menu_text" || !c.role);
  const links = items.map((item, i) => menuItem(item, s, ctx, { ...node, pointer: `${node.pointer}/components/${i}` }));
  const content =
    block.menu?.layout === "vertical"
      ? links.map((a) => `<div style="padding:4px 0">${a}</div>`).join("")
      : links.join(`<span style="padding:0 8px">${escapeHtml(block.menu?.separator ?? "|")}</span>`);
  return el(
    "mj-text",
    { ...textAttrs(s), align: s.alignment ?? "center", "css-class": classes(ctx, block.visibility, s) },
    wrapped(content, s),
  );
}

// Networks MJML has icons for; the others use its generic web icon with the network as alt text.
const MJML_NETWORKS: Record<string, string> = {
  facebook: "facebook",
  instagram: "instagram",
  x: "x",
  twitter: "twitter",
  linkedin: "linkedin",
  youtube: "youtube",
  pinterest: "pinterest",
  snapchat: "snapchat",
  website: "web",
};
const ICON_BACKGROUNDS: Record<string, string> = { dark: "#333333", light: "#eeeeee" };
const SHAPE_RADIUS: Record<string, string> = { circle: "50%", rounded: "6px", square: "0px" };

function social(block: Block, ctx: BuildContext, node: NodeContext): string {
  const social = block.social ?? {};
  const background = social.iconStyle ? ICON_BACKGROUNDS[social.iconStyle] : undefined;
  const radius = social.shape ? SHAPE_RADIUS[social.shape] : undefined;
  const icons = (social.icons ?? []).map((icon, i) =>
    el(
      "mj-social-element",
      {
        // -noshare: link straight to the profile, not to the network's share dialog
        name: `${MJML_NETWORKS[icon.type] ?? "web"}-noshare`,
        href: icon.link ? ctx.tokens.link(icon.link, { ...node, pointer: `${node.pointer}/social/icons/${i}` }) : undefined,
        src: icon.source && /^(?:https?:\/\/|\/(?!\/))/.test(icon.source) ? absoluteUrl(icon.source) : undefined,
        alt: icon.type,
        title: icon.type,
        "background-color": background,
        "border-radius": radius,
      },
      "",
    ),
  );
  const s = block.styleProperties ?? {};
  return el(
    "mj-social",
    {
      ...boxAttrs(s),
      mode: "horizontal",
      "icon-size": social.size ?? "28px",
      "css-class": classes(ctx, block.visibility, s),
    },
    icons.join(""),
  );
}

function htmlCode(block: Block, ctx: BuildContext, node: NodeContext): string {
  const code = block.htmlCode ?? {};
  if (code.style) ctx.css.push(sanitizeEmailCss(code.style));
  const s = block.styleProperties ?? {};
  // mj-text rather than mj-raw: raw markup inside a column's table would be hoisted out of it by HTML parsers.
  return el(
    "mj-text",
    { padding: "0", ...textAttrs(s), "css-class": classes(ctx, block.visibility, s) },
    wrapped(userHtml(code.body ?? "", ctx, node), s),
  );
}

function lineSpace(block: Block, ctx: BuildContext): string {
  const line = block.lineSpace ?? {};
  const s = block.styleProperties ?? {};
  const cls = classes(ctx, block.visibility, s);
  if (line.type === "space")
    return el("mj-spacer", { height: `${line.height ?? 20}px`, "container-background-color": s.backgroundColor, "css-class": cls });
  return el("mj-divider", {
    ...boxAttrs(s),
    "border-color": s.dividerColor ?? "#dddddd",
    "border-width": `${line.height ?? 1}px`,
    "border-style": line.lineStyle ?? "solid",
    width: line.width ? `${line.width}px` : undefined,
    "css-class": cls,
  });
}

function preheader(block: Block, ctx: BuildContext, node: NodeContext): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID ?? "footnote"), block.styleProperties);
  const p = block.preheader ?? {};
  const before = p.text ? escapeHtml(ctx.tokens.plain(p.text, node)) : "";
  const label = escapeHtml(ctx.tokens.plain(p.linkText ?? (p.text ? "" : "View in browser"), node));
  const href = ctx.tokens.token(VIEW_IN_BROWSER_TAG, "url", "#");
  const link = label ? `<a href="${href}" style="color:${escapeAttr(s.linkColor ?? "inherit")}">${label}</a>` : "";
  return el(
    "mj-text",
    { ...textAttrs(s), align: s.alignment ?? "center", "css-class": classes(ctx, block.visibility, s) },
    wrapped(before + link, s),
  );
}

export function renderBlock(block: Block, ctx: BuildContext, node: NodeContext): string {
  if (ctx.shape.hidden.includes(block.id)) return "";
  switch (block.type) {
    case "text":
      return text(block, ctx, node);
    case "button":
      return button(block, ctx, node);
    case "image":
      return image(block, ctx, node);
    case "video":
      return video(block, ctx, node);
    case "logo":
      return logo(block, ctx, node);
    case "menu":
      return menu(block, ctx, node);
    case "social":
      return social(block, ctx, node);
    case "htmlCode":
      return htmlCode(block, ctx, node);
    case "lineSpace":
      return lineSpace(block, ctx);
    case "preheader":
      return preheader(block, ctx, node);
    // html is read-only: only documents stored before it was deprecated carry it, as text.
    case "html":
      return text({ ...block, text: block.text ?? "" }, ctx, node);
    default:
      return commerceBlock(block, ctx, node);
  }
}
