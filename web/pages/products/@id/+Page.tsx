import { useData } from 'vike-react/useData';
import { ProductGrid } from '../../../components/catalogue/ProductCard.js';
import { ProductGallery } from '../../../components/catalogue/ProductGallery.js';
import { ProductOptions } from '../../../components/catalogue/ProductOptions.js';
import '../../../components/catalogue/ProductPage.css';
import { categoryPath } from '../../../lib/catalogue.js';
import { hydrateLater } from '../../../lib/hydrate-later.js';
import { formatPounds } from '../../../lib/money.js';
import { useShell } from '../../../lib/shell.js';
import type { Data } from './+data.js';

// Below the options, and only on products with a preview video: its code (and its sign-in link's) comes after the rest.
const RequestPreviewButton = hydrateLater(() =>
  import('../../../components/catalogue/RequestPreviewButton.js').then((module) => module.RequestPreviewButton),
);

/**
 * `/products/{slug}`: gallery, the facts a buyer compares (code, brand, accreditation, running time, year,
 * language), options with prices ex and inc VAT and stock, the free preview, the description (sanitised
 * when saved, so shown as is) and related products.
 */
export default function Page() {
  const { product, selectedOption } = useData<Data>();
  const { user } = useShell();
  const mainCategory = product.categories[0];
  return (
    <div className="container product-page" data-product={product.slug}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol className="breadcrumb__list">
          <li>
            <a href="/">Home</a>
          </li>
          {mainCategory && (
            <li>
              <a href={categoryPath(mainCategory.slug)}>{mainCategory.name}</a>
            </li>
          )}
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>

      <div className="product-page__top">
        <ProductGallery images={product.images} title={product.title} />
        <div className="product-page__summary">
          <h1 className="product-page__title">{product.title}</h1>
          {product.brand && (
            <p className="product-page__brand" data-product-brand="">
              {product.brand.logo_url && (
                <img className="product-page__brand-logo" src={product.brand.logo_url} alt="" width={120} height={48} loading="lazy" />
              )}
              <span>
                by <strong>{product.brand.name}</strong>
              </span>
            </p>
          )}
          {product.price_from !== null && product.price_from_inc_vat !== null && (
            <p className="product-page__price" data-product-price="">
              from <strong>{formatPounds(product.price_from)}</strong> ex VAT{' '}
              <span className="product-page__inc-vat">({formatPounds(product.price_from_inc_vat)} inc VAT)</span>
            </p>
          )}
          {product.summary && <p className="product-page__lead">{product.summary}</p>}
          <dl className="product-facts" data-product-facts="">
            <Fact term="Product code" value={product.code} />
            {product.accreditation && <Fact term="Accreditation" value={product.accreditation} />}
            {product.running_time !== null && <Fact term="Running time" value={`${product.running_time} minutes`} />}
            {product.year !== null && <Fact term="Year" value={String(product.year)} />}
            {product.language && <Fact term="Language" value={product.language} />}
            {product.categories.length > 0 && (
              <div className="product-facts__row">
                <dt>Categories</dt>
                <dd>
                  {product.categories.map((c, index) => (
                    <span key={c.slug}>
                      {index > 0 && ', '}
                      <a href={categoryPath(c.slug)}>{c.name}</a>
                    </span>
                  ))}
                </dd>
              </div>
            )}
          </dl>
          <a className="button" href="#options">
            Options and prices
          </a>
        </div>
      </div>

      <section id="options" className="product-page__section" aria-labelledby="options-heading">
        <h2 id="options-heading">Options and prices</h2>
        <ProductOptions options={product.options} productTitle={product.title} productId={product.id} selected={selectedOption} />
      </section>

      {product.has_preview && (
        <section className="product-page__section product-preview" aria-labelledby="preview-heading" data-product-preview="">
          <h2 id="preview-heading">Free preview</h2>
          <p>Watch this title free for 7 days before you buy: request a preview and we will add it to your account.</p>
          <RequestPreviewButton productId={product.id} signedIn={user !== null} />
        </section>
      )}

      {product.description && (
        <section className="product-page__section" aria-labelledby="description-heading">
          <h2 id="description-heading">Description</h2>
          <div className="product-page__description" data-product-description="" dangerouslySetInnerHTML={{ __html: product.description }} />
        </section>
      )}

      {product.related.length > 0 && (
        <section className="product-page__section" aria-labelledby="related-heading" data-related-products="">
          <h2 id="related-heading">Related products</h2>
          <ProductGrid products={product.related} label="Related products" />
        </section>
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="product-facts__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
