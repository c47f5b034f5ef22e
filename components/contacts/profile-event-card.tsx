"use client";
// One event of the profile's activity, drawn for what it is: product cards for a product looked at or a
// cart, the total and items of an order, a page with its link, and any other event as its properties
// (nested values as nested lists). The event as the API keeps it stays one click away.
import "./contacts.css"; // first: profile.module.css (imported here and by the parts below) refines it
import { useState } from "react";
import { formatDateTime, formatMoney, formatNumber } from "@/components/ui/format";
import {
  eventKind,
  eventLabel,
  isRecommended,
  otherProperties,
  readCommerce,
  readProduct,
  safeUrl,
  type Commerce,
  type EventKind,
  type Product,
} from "./profile-events";
import type { ContactEvent } from "./types";
import styles from "./profile.module.css";

const ORDER_TOTAL: Record<string, string> = {
  "placed order": "Order total",
  "paid for order": "Amount paid",
  "order fulfilled": "Order total",
  "order canceled": "Order total",
  "order refunded": "Amount refunded",
};

export function EventCard({ event }: { event: ContactEvent }) {
  const kind = eventKind(event.eventName);
  const label = eventLabel(event.eventName);
  return (
    <li className={`timeline-item ${styles.item}`} data-kind={kind}>
      <div className="timeline-head">
        <span className="timeline-name">{label}</span>
        <time dateTime={event.eventTime} className="timeline-time">
          {formatDateTime(event.eventTime)}
        </time>
      </div>
      <p className={styles.meta}>
        {isRecommended(event.eventName) ? (
          <span title="The event's name as the API received it">{event.eventName}</span>
        ) : (
          <span className="badge badge-muted" title="An event your store or app defined">
            Custom event
          </span>
        )}
        {event.eventVersion && (
          <span className="badge badge-info" title="Event version">
            {event.eventVersion}
          </span>
        )}
        <span>from {event.origin}</span>
      </p>
      <EventBody kind={kind} event={event} />
      <details className="json-details">
        <summary>Show JSON</summary>
        <pre className="code-block" tabIndex={0}>
          <code>{JSON.stringify(event, null, 2)}</code>
        </pre>
      </details>
    </li>
  );
}

function EventBody({ kind, event }: { kind: EventKind; event: ContactEvent }) {
  const properties = event.properties;
  const rest = otherProperties(kind, properties);
  const body =
    kind === "product" ? (
      <ProductCard product={readProduct(properties)} currency={typeof properties.currency === "string" ? properties.currency : undefined} />
    ) : kind === "cart" ? (
      <Cart commerce={readCommerce(properties)} />
    ) : kind === "order" ? (
      <Order commerce={readCommerce(properties)} totalLabel={ORDER_TOTAL[event.eventName] ?? "Order total"} />
    ) : kind === "page" ? (
      <PageView properties={properties} />
    ) : null;
  if (kind === "custom") {
    return rest.length ? <PropertyList entries={rest} /> : <p className="muted small">No properties.</p>;
  }
  return (
    <>
      {body}
      {rest.length > 0 && (
        <details className={styles.more}>
          <summary>More details ({formatNumber(rest.length)})</summary>
          <PropertyList entries={rest} />
        </details>
      )}
    </>
  );
}

function ProductImage({ src }: { src?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className={styles.imagePlaceholder} aria-hidden="true" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a store's product image (any host), shown as a thumbnail
    <img className={styles.image} src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />
  );
}

function ProductTitle({ product }: { product: Product }) {
  const title = product.title ?? (product.id ? `Product ${product.id}` : "A product");
  return product.url ? (
    <a href={product.url} target="_blank" rel="noopener noreferrer" className={styles.productTitle}>
      {title}
      <span className="visually-hidden"> (opens the store in a new tab)</span>
    </a>
  ) : (
    <span className={styles.productTitle}>{title}</span>
  );
}

/** One product: image, title (linked to the store when the event gave a link), price, and quantity in a cart. */
function ProductCard({ product, currency, asItem = false }: { product: Product; currency?: string; asItem?: boolean }) {
  const Tag = asItem ? "li" : "div";
  return (
    <Tag className={styles.product}>
      <ProductImage src={product.imageUrl} />
      <div className={styles.productText}>
        <ProductTitle product={product} />
        <p className="muted small">
          {[
            product.quantity !== undefined && product.price !== undefined
              ? `${formatNumber(product.quantity)} × ${formatMoney(product.price, currency)}`
              : product.quantity !== undefined
                ? `Quantity ${formatNumber(product.quantity)}`
                : product.price !== undefined
                  ? formatMoney(product.price, currency)
                  : null,
            product.id && product.title ? `ID ${product.id}` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
    </Tag>
  );
}

function Items({ commerce, label }: { commerce: Commerce; label: string }) {
  if (commerce.items.length === 0) return null;
  return (
    <ul className={styles.items} aria-label={label}>
      {commerce.items.map((item, i) => (
        <ProductCard key={`${item.id ?? ""}-${i}`} product={item} currency={commerce.currency} asItem />
      ))}
    </ul>
  );
}

function Cart({ commerce }: { commerce: Commerce }) {
  const count = commerce.items.reduce((n, item) => n + (item.quantity ?? 1), 0);
  return (
    <div className={styles.commerce}>
      <p className={styles.summary}>
        <span>
          {formatNumber(count)} {count === 1 ? "item" : "items"} in the cart
        </span>
        {commerce.value !== undefined && (
          <span>
            Cart total <strong>{formatMoney(commerce.value, commerce.currency)}</strong>
          </span>
        )}
        {commerce.checkoutUrl && (
          <a href={commerce.checkoutUrl} target="_blank" rel="noopener noreferrer">
            Checkout link<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </p>
      <Items commerce={commerce} label="Cart items" />
    </div>
  );
}

function Order({ commerce, totalLabel }: { commerce: Commerce; totalLabel: string }) {
  return (
    <div className={styles.commerce}>
      <p className={styles.summary}>
        {commerce.orderId && <span>Order {commerce.orderId}</span>}
        {commerce.value !== undefined && (
          <span>
            {totalLabel} <strong>{formatMoney(commerce.value, commerce.currency)}</strong>
          </span>
        )}
        {commerce.items.length > 0 && (
          <span>
            {formatNumber(commerce.items.length)} {commerce.items.length === 1 ? "product" : "products"}
          </span>
        )}
        {commerce.trackingUrl && (
          <a href={commerce.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track the parcel<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </p>
      {commerce.cancelReason && <p className="small">Reason: {commerce.cancelReason}</p>}
      <Items commerce={commerce} label="Order items" />
    </div>
  );
}

function PageView({ properties }: { properties: Record<string, unknown> }) {
  const url = safeUrl(properties.url);
  const title = typeof properties.title === "string" && properties.title ? properties.title : url;
  if (!title) return null;
  return (
    <p className="small break">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {title}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        title
      )}
    </p>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A property value in words: dates in the viewer's format, yes/no, links, nested objects and lists as lists. */
function Value({ value, depth, isId = false }: { value: unknown; depth: number; isId?: boolean }) {
  if (value === null || value === undefined || value === "") return <span className="muted">—</span>;
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  // An id is a name, not an amount: 10045 stays 10045.
  if (typeof value === "number") return <>{isId ? String(value) : formatNumber(value)}</>;
  if (typeof value === "string") {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return (
        <time dateTime={value} title={value}>
          {formatDateTime(value)}
        </time>
      );
    }
    const url = /^https?:\/\//i.test(value) ? safeUrl(value) : undefined;
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="break">
        {value}
      </a>
    ) : (
      <span className="break">{value}</span>
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    if (value.every((v) => v === null || typeof v !== "object")) {
      return (
        <span className="break">
          {value.map((v) => (typeof v === "number" ? formatNumber(v) : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v))).join(", ")}
        </span>
      );
    }
    return (
      <ol className={styles.nestedList}>
        {value.map((v, i) => (
          <li key={i}>
            <Value value={v} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    // Deep structures stop at a readable depth; the JSON view below the event has the rest.
    if (depth >= 3) return <code className="break">{JSON.stringify(value)}</code>;
    return entries.length ? <PropertyList entries={entries} depth={depth + 1} /> : <span className="muted">—</span>;
  }
  return <>{String(value)}</>;
}

const ID_KEY = /(^id|ID|Id|_id)$/;

export function PropertyList({ entries, depth = 0 }: { entries: [string, unknown][]; depth?: number }) {
  return (
    <dl className={depth === 0 ? styles.props : `${styles.props} ${styles.propsNested}`}>
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            <Value value={value} depth={depth} isId={ID_KEY.test(key)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
