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

/** The visible text of a menu item or code (its HTML without tags). */
const plain = (html: string | undefined) =>
  (html ?? "")
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');

function offerLabel(offer: NonNullable<Block["discount"]> | undefined): string | undefined {
  if (!offer) return undefined;
  if (offer.offerText) return offer.offerText;
  if (offer.discountType === "shipping") return "Free shipping";
  if (offer.discountType === "percentage" && offer.valuePercentage) return `${offer.valuePercentage}% off`;
  if (offer.discountType === "fixed" && offer.valueFixed) return `${offer.valueFixed} off`;
  return undefined;
}

export const BlockView = memo(function BlockView({ block }: { block: Block }) {
  const settings = useContext(CanvasSettingsContext);
  const base = { ...toCss(presetStyles(settings.textPresets, block.stylePresetID)), ...toCss(block.styleProperties) };
  const justify = ALIGN[block.styleProperties?.alignment ?? "center"];
  switch (block.type) {
    case "text":
    case "html":
    case "price":
      return <RichText html={block.text ?? ""} style={base} />;
    case "button": {
      const preset = presetStyles(settings.buttonPresets, block.stylePresetID ?? "primary_button");
      const { textAlign, ...own } = toCss(block.styleProperties);
      return (
        <div className="ed-b-button" style={{ textAlign: textAlign ?? "center" }}>
          <span
            className="ed-b-button-face"
            style={{ ...toCss(preset), ...own, display: block.button?.isFullWidth ? "block" : "inline-block" }}
          >
            {block.button?.text}
          </span>
        </div>
      );
    }
    case "image":
      return (
        <div className="ed-b-media" style={{ ...base, justifyContent: justify }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the email's own image URL, shown as is */}
          <img
            src={block.image?.source}
            alt={block.image?.altText ?? ""}
            style={{ width: block.image?.resizeWidth ? `${block.image.resizeWidth}px` : "auto", maxWidth: "100%" }}
            draggable={false}
          />
        </div>
      );
    case "video":
      return (
        <div className="ed-b-media ed-b-video" style={{ ...base, justifyContent: "center" }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the email's own thumbnail URL */}
          <img
            src={block.video?.image?.source}
            alt={block.video?.altText ?? ""}
            style={{ width: block.video?.image?.resizeWidth ? `${block.video.image.resizeWidth}px` : "100%", maxWidth: "100%" }}
            draggable={false}
          />
          <span className="ed-b-play" aria-hidden="true">
            ▶
          </span>
        </div>
      );
    case "logo": {
      const src = block.image?.source ?? block.logo?.source ?? settings.logo?.source;
      const width = block.logo?.resizeWidth ?? settings.logo?.resizeWidth ?? 150;
      return (
        <div className="ed-b-media" style={{ ...base, justifyContent: justify }}>
          {src ? (
            // eslint-disable-next-line @next/next/no-img-element -- the brand's logo URL
            <img src={src} alt={block.image?.altText ?? "Logo"} style={{ width: `${width}px`, maxWidth: "100%" }} draggable={false} />
          ) : (
            <span className="ed-b-placeholder">Logo (set the logo in General settings)</span>
          )}
        </div>
      );
    }
    case "menu": {
      const layout = block.menu?.layout ?? "horizontal";
      return (
        <nav className={`ed-b-menu ed-b-menu-${layout}`} style={base} aria-label="Menu block">
          {(block.components ?? []).map((item, i) => (
            <span key={item.id ?? i} style={toCss(item.styleProperties)}>
              {i > 0 && layout === "horizontal" && block.menu?.separator ? <span className="ed-b-sep">{block.menu.separator}</span> : null}
              <span className="ed-b-link">{plain(item.text)}</span>
            </span>
          ))}
        </nav>
      );
    }
    case "social": {
      const icons = block.social?.icons ?? [];
      return (
        <div className="ed-b-social" style={base}>
          {icons.map((icon, i) => (
            <span
              key={i}
              className={`ed-b-icon ed-b-icon-${block.social?.iconStyle ?? "color"}`}
              style={{ width: block.social?.size, height: block.social?.size }}
              title={icon.type}
            >
              {icon.type.slice(0, 2).toUpperCase()}
            </span>
          ))}
          {icons.length === 0 && <span className="ed-b-placeholder">No social links yet</span>}
        </div>
      );
    }
    case "htmlCode":
      return <HtmlFrame style={block.htmlCode?.style ?? ""} body={block.htmlCode?.body ?? ""} />;
    case "lineSpace": {
      const line = block.lineSpace ?? {};
      return line.type === "space" ? (
        <div className="ed-b-space" style={{ height: `${line.height ?? 20}px` }} />
      ) : (
        <div style={{ ...base, paddingTop: base.paddingTop ?? "8px", paddingBottom: base.paddingBottom ?? "8px" }}>
          <hr
            className="ed-b-line"
            style={{
              borderTop: `${line.height ?? 1}px ${line.lineStyle ?? "solid"} ${block.styleProperties?.dividerColor ?? "#cccccc"}`,
              width: line.width ? `${line.width}px` : undefined,
            }}
          />
        </div>
      );
    }
    case "preheader":
      return (
        <div className="ed-b-preheader" style={base}>
          {block.preheader?.text}
          <span className="ed-b-link">{block.preheader?.linkText ?? (block.preheader?.text ? "" : "View in browser")}</span>
        </div>
      );
    case "product": {
      const roles = new Set(
        (block.components?.length
          ? block.components
          : [{ role: "product_image" }, { role: "product_title" }, { role: "product_price" }, { role: "product_button" }]
        ).map((c) => c.role),
      );
      const buttonText = block.components?.find((c) => c.role === "product_button")?.button?.text ?? block.product?.buttonText;
      return (
        <div className="ed-b-product" style={base}>
          {roles.has("product_image") && <div className="ed-b-product-image" aria-hidden="true" />}
          {roles.has("product_title") && (
            <strong>{block.product?.title ?? (block.product?.productID ? `Product ${block.product.productID}` : "Product title")}</strong>
          )}
          {(roles.has("product_price") || roles.has("product_prices")) && <span>$ 00.00</span>}
          {roles.has("product_description") && <span className="ed-b-muted">Product description</span>}
          {roles.has("product_button") && (
            <span className="ed-b-button-face" style={toCss(presetStyles(settings.buttonPresets, "primary_button"))}>
              {buttonText || "Buy now"}
            </span>
          )}
        </div>
      );
    }
    case "discount":
    case "staticDiscount":
    case "dynamicDiscount": {
      const offer = block[block.type];
      const code = block.components?.find((c) => c.role === "discount_code");
      const expiry = block.components?.find((c) => c.role === "discount_expiration_date");
      const button = block.components?.find((c) => c.role === "discount_button");
      const label = offerLabel(offer);
      return (
        <div className="ed-b-discount" style={base}>
          {label && <span>{label}</span>}
          <code>{plain(code?.text) || offer?.code}</code>
          {expiry && <span className="ed-b-muted">{plain(expiry.text)}</span>}
          {button && (
            <span className="ed-b-button-face" style={toCss(presetStyles(settings.buttonPresets, "primary_button"))}>
              {button.button?.text ?? "Shop now"}
            </span>
          )}
        </div>
      );
    }
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
