import { useData } from 'vike-react/useData';
import { BrandLogos } from '../../components/catalogue/BrandLogos.js';
import { ProductGrid } from '../../components/catalogue/ProductCard.js';
import { WidgetBlock } from '../../components/WidgetBlock.js';
import { categoryPath } from '../../lib/catalogue.js';
import { useShell } from '../../lib/shell.js';
import { CATEGORY_TILES } from '../../lib/site-links.js';
import './home.css';
import type { Data } from './+data.js';

export default function Page() {
  const { intro, benefits, accreditation, featured, popular, categories, categoryCount, brands } = useData<Data>();
  const { appName } = useShell();
  // The catalogue's own categories once it has any; the nav bar's four until then (a fresh shop).
  const tiles =
    categories.length > 0
      ? categories.map((c) => ({ href: categoryPath(c.slug), label: c.name, blurb: c.description, count: c.count as number | null }))
      : CATEGORY_TILES.map((t) => ({ ...t, count: null }));
  return (
    <div className="container home">
      <h1 className="home__title">Health &amp; Safety Training Videos, Courses and Posters</h1>
      <p className="home__lead">
        {appName} supplies training material that helps UK businesses keep their people safe and meet their duties.
      </p>
      <WidgetBlock block={intro} className="home__intro" />
      {featured.length > 0 && (
        <section className="home__products" aria-labelledby="home-featured-heading" data-home-featured="">
          <h2 id="home-featured-heading">Featured products</h2>
          <ProductGrid products={featured} eagerCount={4} />
        </section>
      )}
      <section className="tiles" aria-labelledby="home-categories-heading">
        <h2 id="home-categories-heading">Shop by category</h2>
        <ul className="tiles__list">
          {tiles.map((tile) => (
            <li key={tile.href} className="tile">
              <a className="tile__link" href={tile.href} data-category-tile={tile.href}>
                <span className="tile__title">{tile.label}</span>
                {tile.blurb && <span className="tile__blurb">{tile.blurb}</span>}
                {tile.count !== null && (
                  <span className="tile__count">
                    {tile.count} {tile.count === 1 ? 'product' : 'products'}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        {categoryCount > categories.length && (
          <p className="tiles__more">
            <a href={categoryPath(null)} data-all-categories="">
              All {categoryCount} categories
            </a>
          </p>
        )}
      </section>
      {popular.length > 0 && (
        <section className="home__products" aria-labelledby="home-popular-heading" data-home-popular="">
          <h2 id="home-popular-heading">Popular right now</h2>
          <ProductGrid products={popular} />
        </section>
      )}
      <WidgetBlock block={benefits} className="home__benefits" />
      <BrandLogos brands={brands} />
      <WidgetBlock block={accreditation} className="home__accreditation" />
    </div>
  );
}
