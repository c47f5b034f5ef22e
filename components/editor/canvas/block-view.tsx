"use client";
// What each block looks like on the canvas: close to the rendered email, without its table markup.
import { createContext, memo, useContext, useMemo, type CSSProperties } from "react";
import type { Block, GeneralSettings } from "../state/document";
import { sanitizeRichText } from "./sanitize";
import { presetStyles, toCss, type Presets } from "./styles";
import { HtmlFrame } from "./html-frame";

export type CanvasSettings = Presets & { logo: GeneralSettings["logo"] };
export const CanvasSettingsContext = createContext<CanvasSettings>({ buttonPresets: [], textPresets: [], logo: undefined });

const ALIGN: Record<string, CSSProperties["justifyContent"]> = { left: "flex-start", center: "center", right: "flex-end" };

export const BlockView = memo(function BlockView({ block }: { block: Block }) {
  const settings = useContext(CanvasSettingsContext);
  const base = { ...toCss(presetStyles(settings.textPresets, block.stylePresetID)), ...toCss(block.styleProperties) };
  switch (block.type) {
    case "text":
      return <RichText html={block.text} style={base} />;
    case "button": {
      const preset = presetStyles(settings.buttonPresets, block.stylePresetID ?? "primary_button");
      const { textAlign, ...own } = toCss(block.styleProperties);
      return (
        <div className="ed-b-button" style={{ textAlign: textAlign ?? "center" }}>
          <span className="ed-b-button-face" style={{ ...toCss(preset), ...own, display: block.fullWidth ? "block" : "inline-block" }}>
            {block.text}
          </span>
        </div>
      );
    }
    case "image":
      return (
        <div className="ed-b-media" style={{ ...base, justifyContent: ALIGN[block.align ?? "center"] }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the email's own image URL, shown as is */}
          <img src={block.src} alt={block.alt ?? ""} style={{ width: block.width ?? "auto", maxWidth: "100%" }} draggable={false} />
        </div>
      );
    case "video":
      return (
        <div className="ed-b-media ed-b-video" style={{ ...base, justifyContent: "center" }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the email's own thumbnail URL */}
          <img src={block.thumbnailSrc} alt={block.alt ?? ""} style={{ width: block.width ?? "100%", maxWidth: "100%" }} draggable={false} />
          <span className="ed-b-play" aria-hidden="true">▶</span>
        </div>
      );
    case "logo": {
      const src = block.src ?? settings.logo?.src;
      return (
        <div className="ed-b-media" style={{ ...base, justifyContent: ALIGN[block.align ?? "center"] }}>
          {src ? (
            // eslint-disable-next-line @next/next/no-img-element -- the brand's logo URL
            <img src={src} alt={block.alt ?? "Logo"} style={{ width: block.width ?? settings.logo?.width ?? "150px", maxWidth: "100%" }} draggable={false} />
          ) : (
            <span className="ed-b-placeholder">Logo (set the logo in General settings)</span>
          )}
        </div>
      );
    }
    case "menu":
      return (
        <nav className={`ed-b-menu ed-b-menu-${block.layout ?? "horizontal"}`} style={base} aria-label="Menu block">
          {block.components.map((item, i) => (
            <span key={item.id} style={toCss(item.styleProperties)}>
              {i > 0 && (block.layout ?? "horizontal") === "horizontal" && block.separator ? <span className="ed-b-sep">{block.separator}</span> : null}
              <span className="ed-b-link">{item.text}</span>
            </span>
          ))}
        </nav>
      );
    case "social":
      return (
        <div className="ed-b-social" style={base}>
          {block.icons.map((icon, i) => (
            <span key={i} className={`ed-b-icon ed-b-icon-${block.iconStyle ?? "color"} ed-b-icon-${block.iconSize ?? "medium"}`} title={icon.network}>
              {icon.network.slice(0, 2).toUpperCase()}
            </span>
          ))}
          {block.icons.length === 0 && <span className="ed-b-placeholder">No social links yet</span>}
        </div>
      );
    case "htmlCode":
      return <HtmlFrame style={block.style} body={block.body} />;
    case "lineSpace":
      return block.kind === "line" ? (
        <div style={{ ...base, paddingTop: base.paddingTop ?? "8px", paddingBottom: base.paddingBottom ?? "8px" }}>
          <hr className="ed-b-line" style={{ borderTop: `${block.height ?? "1px"} ${block.lineStyle ?? "solid"} ${block.lineColor ?? "#cccccc"}` }} />
        </div>
      ) : (
        <div className="ed-b-space" style={{ height: block.height ?? "20px" }} />
      );
    case "preheader":
      return (
        <div className="ed-b-preheader" style={base}>
          <span className="ed-b-link">{block.text}</span>
        </div>
      );
    case "product":
      return (
        <div className="ed-b-product" style={base}>
          {block.showImage !== false && <div className="ed-b-product-image" aria-hidden="true" />}
          {block.showTitle !== false && <strong>{block.productID ? `Product ${block.productID}` : "Product title"}</strong>}
          {block.showPrice !== false && <span>$ 00.00</span>}
          {block.showDescription && <span className="ed-b-muted">Product description</span>}
          {block.showButton !== false && <span className="ed-b-button-face" style={toCss(presetStyles(settings.buttonPresets, "primary_button"))}>{block.buttonText || "Buy now"}</span>}
        </div>
      );
    case "discount":
    case "staticDiscount":
      return (
        <div className="ed-b-discount" style={base}>
          {block.text && <span>{block.text}</span>}
          <code>{block.code}</code>
        </div>
      );
    case "dynamicDiscount":
      return (
        <div className="ed-b-discount" style={base}>
          {block.text && <span>{block.text}</span>}
          <code>{(block.prefix ?? "") + "XXXXXX"}</code>
          <span className="ed-b-muted">
            {block.discountType === "free_shipping" ? "Free shipping" : block.discountType === "percentage" ? `${block.value ?? 0}% off` : `${block.value ?? 0} off`}
          </span>
        </div>
      );
    case "orderSummary":
    case "orderProducts":
    case "orderTotal":
    case "orderAddresses":
      return <OrderBlock block={block} style={base} />;
    default:
      return <div className="ed-b-placeholder">{(block as { type: string }).type} block</div>;
  }
});

const ORDER_TEXT: Record<string, string> = {
  orderSummary: "Order #10001 · 12 March 2026",
  orderProducts: "Ordered products: image, name, quantity, price",
  orderTotal: "Subtotal · Shipping · Tax · Discount · Total",
  orderAddresses: "Billing address · Shipping address",
};

function OrderBlock({ block, style }: { block: Block; style: CSSProperties }) {
  return (
    <div className="ed-b-order" style={style}>
      {ORDER_TEXT[block.type]}
    </div>
  );
}

function RichText({ html, style }: { html: string; style: CSSProperties }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className="ed-b-text" style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}
