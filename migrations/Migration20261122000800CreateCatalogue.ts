import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue (issue 4): categories, brands, products with their options, images, videos and files,
 * product views and previews.
 *
 * Search: `products.search_document` is a stored generated tsvector — title weighted A, code and summary B,
 * description C — with a GIN index, so ranking never re-parses text; `products.title` has a trigram GIN index
 * for typo tolerance ("manul handling"). Listing filters on status and sorts on (status, …) indexes; the
 * lowest active option price is kept on the product (`price_from`) so "sort by price" needs no join.
 */
export class Migration20261122000800CreateCatalogue extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`
      create table categories (
        id serial primary key,
        slug varchar(80) not null,
        name varchar(120) not null,
        description text not null default '',
        sort_order integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint categories_slug_unique unique (slug)
      );`);
    this.addSql(`
      create table brands (
        id serial primary key,
        name varchar(120) not null,
        logo_key varchar(300) null,
        website varchar(500) null,
        sort_order integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint brands_name_unique unique (name)
      );`);
    this.addSql(`
      create table products (
        id serial primary key,
        slug varchar(160) not null,
        title varchar(200) not null,
        code varchar(64) not null,
        summary varchar(1000) not null default '',
        description text not null default '',
        brand_id integer null references brands (id) on delete set null,
        status varchar(16) not null default 'draft',
        featured boolean not null default false,
        running_time integer null,
        year integer null,
        language varchar(60) null,
        accreditation varchar(200) null,
        price_from integer null,
        search_document tsvector generated always as (
          setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english'::regconfig, coalesce(code, '') || ' ' || coalesce(summary, '')), 'B') ||
          setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
        ) stored,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint products_slug_unique unique (slug),
        constraint products_code_unique unique (code),
        constraint products_status_check check (status in ('draft', 'published'))
      );`);
    this.addSql('create index products_search_document_index on products using gin (search_document);');
    this.addSql('create index products_title_trgm_index on products using gin (lower(title) gin_trgm_ops);');
    this.addSql('create index products_status_created_index on products (status, created_at desc, id desc);');
    this.addSql('create index products_status_title_index on products (status, title, id);');
    this.addSql('create index products_status_price_index on products (status, price_from, id);');
    this.addSql('create index products_featured_index on products (featured, status) where featured;');
    this.addSql('create index products_brand_index on products (brand_id, status);');

    this.addSql(`
      create table product_categories (
        category_id integer not null references categories (id) on delete cascade,
        product_id integer not null references products (id) on delete cascade,
        primary key (category_id, product_id)
      );`);
    this.addSql('create index product_categories_product_index on product_categories (product_id);');

    this.addSql(`
      create table product_files (
        id serial primary key,
        product_id integer not null references products (id) on delete cascade,
        name varchar(200) not null,
        storage_key varchar(300) not null,
        content_type varchar(120) not null,
        size integer not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index product_files_product_index on product_files (product_id);');

    this.addSql(`
      create table product_options (
        id serial primary key,
        product_id integer not null references products (id) on delete cascade,
        name varchar(120) not null,
        code varchar(64) not null,
        price integer not null,
        weight integer not null default 0,
        qty integer null,
        kind varchar(16) not null,
        file_id integer null references product_files (id) on delete set null,
        active boolean not null default true,
        sort_order integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint product_options_code_unique unique (code),
        constraint product_options_price_check check (price >= 0),
        constraint product_options_weight_check check (weight >= 0),
        constraint product_options_qty_check check (qty is null or qty >= 0),
        constraint product_options_kind_check check (kind in ('physical', 'download', 'online_access', 'course'))
      );`);
    this.addSql('create index product_options_product_index on product_options (product_id, sort_order, id);');
    this.addSql('create index product_options_kind_index on product_options (kind, product_id) where active;');

    this.addSql(`
      create table product_images (
        id serial primary key,
        product_id integer not null references products (id) on delete cascade,
        storage_key varchar(300) not null,
        alt varchar(300) not null default '',
        width integer null,
        height integer null,
        sort_order integer not null default 0,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index product_images_product_index on product_images (product_id, sort_order, id);');

    this.addSql(`
      create table product_videos (
        id serial primary key,
        product_id integer not null references products (id) on delete cascade,
        title varchar(200) not null,
        url varchar(500) null,
        storage_key varchar(300) null,
        is_preview boolean not null default true,
        sort_order integer not null default 0,
        created_at timestamptz not null default now(),
        constraint product_videos_source_check check ((url is null) <> (storage_key is null))
      );`);
    this.addSql('create index product_videos_product_index on product_videos (product_id, sort_order, id);');

    this.addSql(`
      create table product_views (
        id bigserial primary key,
        product_id integer not null references products (id) on delete cascade,
        user_id integer null,
        viewed_at timestamptz not null default now()
      );`);
    this.addSql('create index product_views_product_time_index on product_views (viewed_at desc, product_id);');
    this.addSql('create index product_views_user_index on product_views (user_id, viewed_at desc) where user_id is not null;');

    this.addSql(`
      create table previews (
        id serial primary key,
        product_id integer not null references products (id) on delete cascade,
        user_id integer not null,
        status varchar(16) not null default 'pending',
        requested_at timestamptz not null default now(),
        approved_at timestamptz null,
        expires_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint previews_user_product_unique unique (user_id, product_id),
        constraint previews_status_check check (status in ('pending', 'approved', 'revoked'))
      );`);
    this.addSql('create index previews_status_index on previews (status, requested_at desc);');
  }

  override down(): void {
    for (const table of [
      'previews', 'product_views', 'product_videos', 'product_images', 'product_options', 'product_files',
      'product_categories', 'products', 'brands', 'categories',
    ]) this.addSql(`drop table if exists ${table};`);
  }
}
