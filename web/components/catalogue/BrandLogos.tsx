import { DEFAULT_PER_PAGE, listHref } from '../../lib/catalogue-list.js';
import './BrandLogos.css';

/** Logo boxes are fixed (logos come in any proportion; they are fitted inside), so nothing shifts on load. */
const LOGO = { width: 160, height: 64 } as const;

/** The brands we stock, by logo (product.md: brand logos show on the home page); each lists its products. */
export function BrandLogos({ brands }: { brands: ReadonlyArray<{ id: number; name: string; logo_url: string }> }) {
  if (brands.length === 0) return null;
  return (
    <section className="brand-logos" aria-labelledby="brand-logos-heading" data-brand-logos="">
      <h2 id="brand-logos-heading">Brands we stock</h2>
      <ul className="brand-logos__list">
        {brands.map((brand) => (
          <li key={brand.id}>
            <a className="brand-logos__link" href={listHref('/category', { brand: brand.id, page: 1, perPage: DEFAULT_PER_PAGE })} data-brand={brand.id}>
              <img src={brand.logo_url} alt={brand.name} width={LOGO.width} height={LOGO.height} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
