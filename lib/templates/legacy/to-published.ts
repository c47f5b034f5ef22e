// Converts a template document stored before the published 2026-03-15 model (flat block fields,
// settings.visibility, dynamicList.source ...) into the published shape. Used by the data migration
// (prisma/migrations/*_published_email_content/data.ts) on every stored template and universal layout.
// Nothing a person built is dropped: every old field has a published home or an Inkwell extra.
// Pure and idempotent: a document already in the published shape comes back equal.
import { createHash } from "node:crypto";

type Rec = Record<string, any>;
const rec = (v: unknown): Rec | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Rec) : undefined);
const arr = (v: unknown): any[] => (Array.isArray(v) ? v : []);
const clean = <T extends Rec>(o: T): T => {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
};
const px = (v: unknown): number | undefined => {
  if (typeof v === "number") return Math.round(v);
  if (typeof v !== "string") return undefined;
  const n = parseFloat(v);
  return Number.isFinite(n) ? Math.round(n) : undefined;
};
/** A % width of the 600px canvas (the only container width the old model knew for sure). */
const widthPx = (v: unknown, container = 600): number | undefined =>
  typeof v === "string" && v.trim().endsWith("%") ? Math.round((container * parseFloat(v)) / 100) || undefined : px(v);
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const HEX24 = /^[0-9a-fA-F]{24}$/;

/** Ids become 24 hexadecimal characters: kept when they already are, else derived from (scope, old id). */
export function idMapper(scope: string): (id: unknown) => string {
  return (id) => {
    const s = typeof id === "string" ? id : String(id ?? "");
    if (HEX24.test(s)) return s;
    return createHash("sha1").update(`${scope}:${s}`).digest("hex").slice(0, 24);
  };
}

const OLD_STYLE_KEYS = ["textAlign", "borderColor", "width", "height", "marginTop", "marginBottom"];

/** Old style properties → published ones. Buttons: old paddings were the label's inner padding, margins the outer. */
export function convertStyles(old: unknown, opts: { button?: boolean } = {}): Rec | undefined {
  const s = rec(old);
  if (!s) return undefined;
  if (!OLD_STYLE_KEYS.some((k) => k in s) && !opts.button) return { ...s };
  const { textAlign, borderColor, width: _w, height: _h, marginTop, marginBottom, ...rest } = s;
  const out: Rec = { ...rest };
  if (textAlign !== undefined && out.alignment === undefined) out.alignment = textAlign;
  if (borderColor !== undefined && out.border === undefined) out.border = `1px solid ${borderColor}`;
  if (opts.button) {
    for (const side of ["Top", "Right", "Bottom", "Left"]) {
      if (out[`padding${side}`] !== undefined) {
        out[`innerPadding${side}`] = out[`padding${side}`];
        delete out[`padding${side}`];
      }
    }
    if (marginTop !== undefined) out.paddingTop = marginTop;
    if (marginBottom !== undefined) out.paddingBottom = marginBottom;
  } else {
    if (marginTop !== undefined && out.paddingTop === undefined) out.paddingTop = marginTop;
    if (marginBottom !== undefined && out.paddingBottom === undefined) out.paddingBottom = marginBottom;
  }
  return clean(out);
}

type OldCondition = { field?: string; operator?: string; value?: string };

/** An old visibility.condition → a published Filter. */
export function conditionToFilter(c: OldCondition | undefined): Rec | undefined {
  if (!c || typeof c.field !== "string") return undefined;
  const path = c.field.replace(/^contact\./, "");
  const custom = path.startsWith("custom_properties.");
  const id = custom ? path.slice("custom_properties.".length) : path;
  return {
    operator: "and",
    rules: [clean({ operator: c.operator ?? "equals", property: { id, isSystem: !custom, name: id, type: "string" }, value: c.value })],
  };
}

function oldVisibility(v: unknown): Rec | undefined {
  const o = rec(v);
  if (!o || !("hideOnDesktop" in o || "hideOnMobile" in o)) return undefined;
  return clean({ isDesktopVisible: o.hideOnDesktop ? false : undefined, isMobileVisible: o.hideOnMobile ? false : undefined });
}

const ICON_SIZES: Rec = { small: "20px", medium: "28px", large: "36px" };
const published = (b: Rec, key: string) => rec(b[key]) !== undefined;

/** One old block → the published Block (blocks already published pass through with their ids fixed). */
export function convertBlock(old: Rec, fixId: (id: unknown) => string): Rec {
  const { id, type, stylePresetID, styleProperties, visibility, ...f } = old;
  const base: Rec = { id: fixId(id), type, stylePresetID };
  const filter = rec(visibility)?.condition ? conditionToFilter(rec(visibility)!.condition) : undefined;
  const v = rec(visibility);
  base.visibility = !v
    ? undefined
    : "hideOnDesktop" in v || "hideOnMobile" in v
      ? oldVisibility(v)
      : "isDesktopVisible" in v || "isMobileVisible" in v
        ? v
        : undefined;
  if (filter) base.filter = filter;
  const styles = convertStyles(styleProperties, { button: type === "button" && !published(old, "button") });
  const withStyles = (extra: Rec) => clean({ ...base, ...f, ...extra, styleProperties: styles });
  const components = (list: unknown) =>
    arr(list).map((c: Rec) =>
      clean({
        ...c,
        id: c.id === undefined ? undefined : fixId(c.id),
        styleProperties: convertStyles(c.styleProperties),
        components:
          c.components === undefined
            ? undefined
            : arr(c.components).map((n: Rec) => clean({ ...n, id: n.id === undefined ? undefined : fixId(n.id) })),
      }),
    );

  switch (type) {
    case "text":
      return withStyles({});
    case "button": {
      if (published(old, "button")) return withStyles({});
      const { text, link, fullWidth, openInNewTab, ...rest } = f;
      return clean({ ...base, ...rest, button: clean({ text, link, isFullWidth: fullWidth, openInNewTab }), styleProperties: styles });
    }
    case "image": {
      if (published(old, "image")) return withStyles({});
      const { src, alt, link, width, align, ...rest } = f;
      return clean({
        ...base,
        ...rest,
        image: clean({ source: src, altText: alt, link, resizeWidth: widthPx(width) }),
        styleProperties: align ? { ...styles, alignment: align } : styles,
      });
    }
    case "video": {
      if (published(old, "video")) return withStyles({});
      const { videoUrl, thumbnailSrc, alt, width, ...rest } = f;
      return clean({
        ...base,
        ...rest,
        video: clean({ link: videoUrl, altText: alt, image: clean({ source: thumbnailSrc, altText: alt, resizeWidth: widthPx(width) }) }),
        styleProperties: styles,
      });
    }
    case "logo": {
      if (published(old, "logo") || published(old, "image")) return withStyles({});
      const { src, alt, link, width, align, ...rest } = f;
      const image = src !== undefined || alt !== undefined ? clean({ source: src, altText: alt }) : undefined;
      const logo = clean({ link, resizeWidth: widthPx(width) });
      return clean({
        ...base,
        ...rest,
        logo: Object.keys(logo).length ? logo : undefined,
        image,
        styleProperties: align ? { ...styles, alignment: align } : styles,
      });
    }
    case "menu": {
      const { components: items, layout, separator, ...rest } = f;
      const converted = arr(items).map((item: Rec) => {
        if (item.link === undefined)
          return clean({
            ...item,
            id: item.id === undefined ? undefined : fixId(item.id),
            styleProperties: convertStyles(item.styleProperties),
          });
        const { link, text, ...other } = item;
        return clean({
          ...other,
          id: fixId(item.id),
          type: "text",
          role: "menu_text",
          text: `<a href="${escapeHtml(String(link))}">${escapeHtml(String(text ?? ""))}</a>`,
          styleProperties: convertStyles(item.styleProperties),
        });
      });
      const menu = rec(rest.menu) ?? clean({ layout, separator });
      delete rest.menu;
      return clean({ ...base, ...rest, components: converted, menu: Object.keys(menu).length ? menu : undefined, styleProperties: styles });
    }
    case "social": {
      if (published(old, "social")) return withStyles({});
      const { icons, iconStyle, iconSize, ...rest } = f;
      return clean({
        ...base,
        ...rest,
        social: clean({
          icons: arr(icons).map((i: Rec) => clean({ type: i.network ?? i.type, link: i.link })),
          iconStyle,
          size: iconSize ? ICON_SIZES[iconSize] : undefined,
        }),
        styleProperties: styles,
      });
    }
    case "htmlCode": {
      if (published(old, "htmlCode")) return withStyles({});
      const { style, body, ...rest } = f;
      return clean({ ...base, ...rest, htmlCode: clean({ style, body }), styleProperties: styles });
    }
    case "lineSpace": {
      if (published(old, "lineSpace")) return withStyles({});
      const { kind, height, lineColor, lineStyle, ...rest } = f;
      const s = lineColor ? { ...(styles ?? {}), dividerColor: lineColor } : styles;
      return clean({ ...base, ...rest, lineSpace: clean({ type: kind, height: px(height), lineStyle }), styleProperties: s });
    }
    case "preheader": {
      if (published(old, "preheader")) return withStyles({});
      const { text, ...rest } = f;
      return clean({ ...base, ...rest, preheader: clean({ linkText: text }), styleProperties: styles });
    }
    case "product": {
      if (published(old, "product") || Array.isArray(f.components))
        return clean({
          ...base,
          ...f,
          components: f.components === undefined ? undefined : components(f.components),
          styleProperties: styles,
        });
      const { productID, showImage, showTitle, showPrice, showDescription, showButton, buttonText, ...rest } = f;
      const parts: Rec[] = [];
      const part = (role: string, t: string, extra: Rec = {}) => parts.push({ id: fixId(`${id}:${role}`), type: t, role, ...extra });
      if (showImage !== false) part("product_image", "image");
      if (showTitle !== false) part("product_title", "text");
      if (showDescription === true) part("product_description", "text");
      if (showPrice !== false) part("product_price", "text");
      if (showButton !== false) part("product_button", "button", buttonText ? { button: { text: buttonText } } : {});
      return clean({ ...base, ...rest, product: clean({ productID, buttonText }), components: parts, styleProperties: styles });
    }
    case "discount":
    case "staticDiscount": {
      if (published(old, type)) return clean({ ...base, ...f, components: components(f.components), styleProperties: styles });
      const { code, text, ...rest } = f;
      return clean({
        ...base,
        ...rest,
        [type]: clean({ code, offerText: text }),
        components: [{ id: fixId(`${id}:discount_code`), type: "text", role: "discount_code", text: escapeHtml(String(code ?? "")) }],
        styleProperties: styles,
      });
    }
    case "dynamicDiscount": {
      if (published(old, "dynamicDiscount")) return clean({ ...base, ...f, components: components(f.components), styleProperties: styles });
      const { discountType, value, expiresInDays, prefix, text, ...rest } = f;
      const kind = discountType === "fixed_amount" ? "fixed" : discountType === "free_shipping" ? "shipping" : "percentage";
      const parts: Rec[] = [{ id: fixId(`${id}:discount_code`), type: "text", role: "discount_code", text: "XXXX-XXXX-XXXX" }];
      if (expiresInDays !== undefined)
        parts.push({
          id: fixId(`${id}:discount_expiration_date`),
          type: "text",
          role: "discount_expiration_date",
          text: `Valid for ${expiresInDays} day${expiresInDays === 1 ? "" : "s"}`,
        });
      return clean({
        ...base,
        ...rest,
        dynamicDiscount: clean({
          code: prefix ? `${prefix}-XXXX-XXXX-XXXX` : "XXXX-XXXX-XXXX",
          discountType: kind,
          valuePercentage: kind === "percentage" && value !== undefined ? String(value) : undefined,
          valueFixed: kind === "fixed" && value !== undefined ? String(value) : undefined,
          endsIn: expiresInDays === undefined ? undefined : String(expiresInDays),
          offerText: text,
        }),
        components: parts,
        styleProperties: styles,
      });
    }
    case "orderSummary": {
      if (published(old, "orderSummary")) return withStyles({});
      const { showOrderNumber, showOrderDate, ...rest } = f;
      const hiddenFields = clean({
        isOrderIDHidden: showOrderNumber === false ? true : undefined,
        isDateHidden: showOrderDate === false ? true : undefined,
      });
      return clean({ ...base, ...rest, orderSummary: { hiddenFields }, styleProperties: styles });
    }
    case "orderProducts": {
      if (published(old, "orderProducts")) return withStyles({});
      const { showImage, showQuantity, showPrice, ...rest } = f;
      const hiddenFields = clean({
        isImageHidden: showImage === false || undefined,
        isQuantityHidden: showQuantity === false || undefined,
        isPriceHidden: showPrice === false || undefined,
      });
      return clean({ ...base, ...rest, orderProducts: { hiddenFields }, styleProperties: styles });
    }
    case "orderTotal": {
      if (published(old, "orderTotal")) return withStyles({});
      const { showSubtotal, showShipping, showTax, showDiscount, ...rest } = f;
      const hiddenFields = clean({
        isSubTotalHidden: showSubtotal === false || undefined,
        isShippingPriceHidden: showShipping === false || undefined,
        isTaxTotalHidden: showTax === false || undefined,
        isDiscountTotalHidden: showDiscount === false || undefined,
      });
      return clean({ ...base, ...rest, orderTotal: { hiddenFields }, styleProperties: styles });
    }
    case "orderAddresses": {
      if (published(old, "orderAddresses")) return withStyles({});
      const { showBilling, showShipping, ...rest } = f;
      const all = {
        isNameSurnameHidden: true,
        isCompanyHidden: true,
        isAddress1Hidden: true,
        isAddress2Hidden: true,
        isCityHidden: true,
        isStateHidden: true,
        isZipCodeHidden: true,
        isCountryHidden: true,
        isPhoneHidden: true,
      };
      const hiddenFields = clean({ billing: showBilling === false ? all : undefined, shipping: showShipping === false ? all : undefined });
      return clean({ ...base, ...rest, orderAddresses: { hiddenFields }, styleProperties: styles });
    }
    default:
      return withStyles({ components: f.components === undefined ? undefined : components(f.components) });
  }
}

const OLD_SOURCES: Rec = { orderProducts: "order.products", cartProducts: "cart.products", recommendedProducts: "recommendations" };

/** One old section (rows included) → the published Section. */
export function convertSection(old: Rec, fixId: (id: unknown) => string): Rec {
  const { settings, styleProperties, rows, ...rest } = old;
  const s = rec(settings) ? { ...settings } : undefined;
  const out: Rec = { ...rest, id: fixId(old.id) };
  if (s) {
    const v = rec(s.visibility);
    if (v) {
      delete s.visibility;
      const visibility = oldVisibility(v);
      if (visibility && Object.keys(visibility).length) out.visibility = visibility;
      const filter = conditionToFilter(v.condition);
      if (filter && !s.filter) s.filter = filter;
    }
    const list = rec(s.dynamicList);
    if (list && "source" in list) {
      s.dynamicList = clean({
        listPath: list.source === "eventProperty" ? list.property || "items" : (OLD_SOURCES[list.source] ?? "order.products"),
        layout: "list",
        repetitionCount: list.limit,
      });
    }
    out.settings = s;
  }
  out.styleProperties = convertStyles(styleProperties);
  if (rows !== undefined) {
    out.rows = arr(rows).map((row: Rec) =>
      clean({
        ...row,
        id: fixId(row.id),
        styleProperties: convertStyles(row.styleProperties),
        columns: arr(row.columns).map((column: Rec) =>
          clean({
            ...column,
            id: fixId(column.id),
            styleProperties: convertStyles(column.styleProperties),
            blocks: arr(column.blocks).map((block: Rec) => convertBlock(block, fixId)),
          }),
        ),
      }),
    );
  }
  return clean(out);
}

/** Old generalSettings → published (body, logo and gmail moved; presets unchanged). */
export function convertGeneralSettings(old: unknown): Rec {
  const g = rec(old) ? { ...(old as Rec) } : {};
  const logo = rec(g.logo);
  if (logo && ("src" in logo || "width" in logo)) {
    const { src, width, ...rest } = logo;
    g.logo = clean({ ...rest, source: src, resizeWidth: widthPx(width) });
  }
  const gmail = rec(g.gmail);
  if (gmail && !("annotation" in gmail)) {
    const { enabled, offerDescription, discountCode, logoUrl, offerStartDate, offerEndDate } = gmail;
    g.gmail = {
      annotation: clean({ isEnabled: enabled, discountDescription: offerDescription, discountCode, logoUrl, offerStartDate, offerEndDate }),
    };
  }
  return g;
}

/** A whole stored template document (its JSON columns) → published; `scope` makes derived ids stable. */
export function convertDocument(
  doc: { generalSettings: unknown; sections: unknown },
  scope: string,
): { generalSettings: Rec; sections: Rec[] } {
  const fixId = idMapper(scope);
  return {
    generalSettings: convertGeneralSettings(doc.generalSettings),
    sections: arr(doc.sections).map((s: Rec) => convertSection(s, fixId)),
  };
}

/** A universal layout's content (one section) → published. */
export function convertLayoutContent(content: unknown, scope: string): Rec {
  return convertSection(rec(content) ?? {}, idMapper(scope));
}
