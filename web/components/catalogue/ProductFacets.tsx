import type { ReactNode } from 'react';
import type { OptionKind } from '../../../src/modules/catalogue/index.js';
import { KIND_LABELS, categoryPath } from '../../lib/catalogue.js';
import { listHref, type ListParams } from '../../lib/catalogue-list.js';
import './ProductFacets.css';

export interface FacetData {
  categories: Array<{ slug: string; name: string; count: number }>;
  brands: Array<{ id: number; name: string; count: number }>;
  kinds: Array<{ kind: OptionKind; count: number }>;
}

/**
 * Narrow the list by category, brand and kind: plain links (they work without JavaScript and with the
 * client router) that keep the other parameters. Counts are for the other filters as they stand; the
 * chosen value links back to the list without it.
 */
export function ProductFacets({ path, category, params, facets }: {
  path: string;
  category: { slug: string; name: string } | null;
  params: ListParams;
  facets: FacetData;
}) {
  const filtered = category !== null || params.brand !== undefined || params.kind !== undefined;
  return (
    <div className="facets" data-facets="">
      {filtered && (
        <p className="facets__clear">
          <a href={listHref(categoryPath(null), { search: params.search, page: 1, perPage: params.perPage })} data-facet-clear="">
            Clear all filters
          </a>
        </p>
      )}
      <FacetGroup
        title="Category"
        id="facet-categories"
        items={facets.categories.map((f) => (
          <FacetLink
            key={f.slug}
            // The chosen category links back to the list across all categories.
            href={listHref(categoryPath(f.slug === category?.slug ? null : f.slug), params)}
            label={f.name}
            count={f.count}
            selected={f.slug === category?.slug}
            facet="category"
            value={f.slug}
          />
        ))}
      />
      <FacetGroup
        title="Brand"
        id="facet-brands"
        items={facets.brands.map((f) => (
          <FacetLink
            key={f.id}
            href={listHref(path, params, { brand: params.brand === f.id ? undefined : f.id })}
            label={f.name}
            count={f.count}
            selected={params.brand === f.id}
            facet="brand"
            value={String(f.id)}
          />
        ))}
      />
      <FacetGroup
        title="Format"
        id="facet-kinds"
        items={facets.kinds.map((f) => (
          <FacetLink
            key={f.kind}
            href={listHref(path, params, { kind: params.kind === f.kind ? undefined : f.kind })}
            label={KIND_LABELS[f.kind]}
            count={f.count}
            selected={params.kind === f.kind}
            facet="kind"
            value={f.kind}
          />
        ))}
      />
    </div>
  );
}

function FacetGroup({ title, id, items }: { title: string; id: string; items: ReactNode[] }) {
  if (items.length === 0) return null;
  return (
    <section className="facets__group" aria-labelledby={id}>
      <h2 className="facets__title" id={id}>
        {title}
      </h2>
      <ul className="facets__list">{items}</ul>
    </section>
  );
}
function FacetLink({ href, label, count, selected = false, facet, value }: {
  href: string;
  label: string;
  count?: number;
  selected?: boolean;
  facet: string;
  value: string;
}) {
  return (
    <li>
      <a
        className={selected ? 'facets__link facets__link--selected' : 'facets__link'}
        href={href}
        aria-current={selected ? 'true' : undefined}
        data-facet={facet}
        data-facet-value={value}
      >
        {selected && <span className="visually-hidden">Remove filter: </span>}
        <span className="facets__label">{label}</span>
        {count !== undefined && <span className="facets__count">({count})</span>}
      </a>
    </li>
  );
}
