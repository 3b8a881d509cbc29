import { useEffect, useId, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format.js';
import { formatPounds } from '../../../lib/money.js';
import { SelectFilter } from '../../kit/filters.js';
import { DataTable, type Column } from '../../kit/DataTable.js';
import { Link } from '../../kit/links.js';
import { useListQuery, type ListQuery } from '../../kit/use-list-query.js';
import { categories, categoryScreen, products, STATUS_OPTIONS, useAllCategories, type ProductListItem } from './product.resource.js';
import { StatusBadge } from './product-badges.js';
import './products.css';

const FILTERS = ['status', 'featured'] as const;

const columns: readonly Column<ProductListItem>[] = [
  { key: 'title', header: 'Title', sort: 'title' },
  {
    key: 'image',
    header: 'Image',
    render: (row) => (row.image_url ? <img className="admin-thumb product-thumb" src={row.image_url} alt="" /> : <span className="admin-muted">None</span>),
  },
  { key: 'code', header: 'Code', sort: 'code', render: (row) => <span className="product-code">{row.code}</span> },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <>
        <StatusBadge status={row.status} />
        {row.featured && <span className="product-badge product-badge--featured">Featured</span>}
      </>
    ),
  },
  { key: 'price', header: 'Price from', sort: 'price', numeric: true, render: (row) => (row.price_from === null ? <span className="admin-muted">No option</span> : formatPounds(row.price_from)) },
  { key: 'updated_at', header: 'Updated', sort: 'updated_at', render: (row) => formatDateTime(row.updated_at) },
];

/** Seed `/admin/products/cat/{id}`: the products of one category (and `/admin/products`: all of them). */
export function Component() {
  const { id: categoryId } = useParams();
  const fixed = useMemo(() => (categoryId === undefined ? undefined : { category: categoryId }), [categoryId]);
  const list = useListQuery<ProductListItem>(products, { defaultSort: '-updated_at', filters: FILTERS, fixed });
  const allCategories = useAllCategories();
  const category = allCategories.data?.data.find((each) => String(each.id) === categoryId);
  const title = categoryId === undefined ? 'All products' : category ? `Products: ${category.name}` : 'Products';
  useEffect(() => {
    document.title = `${title} | Administration Portal`;
  }, [title]);

  return (
    <section className="admin-page" data-admin-list="product">
      <div className="admin-page__header">
        <h1>{title}</h1>
        <div className="admin-page__actions">
          <Link className="button button--secondary" to={categories.screens} data-admin-categories="">
            Categories
          </Link>
          <Link className="button" to={categoryId === undefined ? `${products.screens}/add` : `${products.screens}/add?category=${categoryId}`} data-admin-add="">
            Add product
          </Link>
        </div>
      </div>
      <CategorySwitcher current={categoryId} />
      <DataTable<ProductListItem>
        list={list}
        columns={columns}
        caption={title}
        rowHref={(row) => `${products.screens}/${row.id}`}
        rowKey={(row) => row.id}
        searchLabel="title or code"
        toolbar={<ProductFilters list={list} />}
        empty={<p>No products in this category yet. Add the first with “Add product”.</p>}
      />
    </section>
  );
}

/** Chooses the category whose products are listed: a new page of the seed's `/admin/products/cat/{id}`. */
function CategorySwitcher({ current }: { current: string | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const allCategories = useAllCategories();
  return (
    <div className="product-switcher">
      <label htmlFor={id} className="field__label">
        Category
      </label>
      <select
        id={id}
        className="input"
        value={current ?? ''}
        disabled={!allCategories.data}
        onChange={(event) => void navigate(categoryScreen(event.currentTarget.value || undefined))}
        data-admin-category-switcher=""
      >
        <option value="">All categories</option>
        {allCategories.data?.data.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.name} ({category.product_count})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Status and featured, kept in the URL like the search and the sort. */
function ProductFilters({ list }: { list: ListQuery<ProductListItem> }) {
  return (
    <>
      <SelectFilter list={list} name="status" label="Status" options={STATUS_OPTIONS} />
      <SelectFilter
        list={list}
        name="featured"
        label="Featured"
        options={[
          { value: 'true', label: 'Featured' },
          { value: 'false', label: 'Not featured' },
        ]}
      />
    </>
  );
}
