import { KIND_LABELS, productPath, type CardView } from '../../lib/catalogue.js';
import { formatPounds } from '../../lib/money.js';
import './ProductCard.css';

/** Card images keep their own proportions when known; otherwise this box (4:3), so nothing shifts on load. */
const CARD_IMAGE = { width: 400, height: 300 } as const;

/**
 * One product in a list (home, category, search, related): image, title, brand, "from £x ex VAT" and the
 * kinds it comes in. `eager` for the cards above the fold (the first row), lazy loading for the rest.
 */
export function ProductCard({ product, eager = false, headingLevel = 3 }: { product: CardView; eager?: boolean; headingLevel?: 2 | 3 }) {
  const href = productPath(product.slug);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card" data-product-card={product.slug}>
      <a className="product-card__media" href={href} tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            className="product-card__image"
            src={product.image.url}
            alt=""
            width={product.image.width ?? CARD_IMAGE.width}
            height={product.image.height ?? CARD_IMAGE.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
      </a>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <a href={href}>{product.title}</a>
        </Heading>
        {product.brand && <p className="product-card__brand">{product.brand}</p>}
        {product.price_from !== null && (
          <p className="product-card__price" data-price-from={product.price_from}>
            from <strong>{formatPounds(product.price_from)}</strong> <span className="product-card__vat">ex VAT</span>
          </p>
        )}
        {product.kinds.length > 0 && (
          <ul className="product-card__kinds" aria-label="Available as">
            {product.kinds.map((kind) => (
              <li key={kind} className="kind-badge">
                {KIND_LABELS[kind]}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** A responsive grid of product cards; the first `eagerCount` images load at once (above the fold). */
export function ProductGrid({ products, label, eagerCount = 0, headingLevel = 3 }: {
  products: readonly CardView[];
  label?: string;
  eagerCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="product-grid" aria-label={label} data-product-grid="">
      {products.map((product, index) => (
        <li key={product.id} className="product-grid__item">
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
