import type { CategoryView, ImageView, OptionKind, ProductCard } from '../../src/modules/catalogue/index.js';

// What every catalogue page shows (kinds, paths, stock, cards). The reading and writing of list URLs is in
// catalogue-list.ts, which only the list pages need (ADR 0064).

export const KIND_LABELS: Record<OptionKind, string> = {
  physical: 'DVD or print',
  download: 'Download',
  online_access: 'Online training',
  course: 'Training course',
};

/** `/category` or `/category/{slug}`. */
export function categoryPath(slug?: string | null): string {
  return slug ? `/category/${encodeURIComponent(slug)}` : '/category';
}

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** How many category tiles the home page shows before "All categories". */
export const HOME_CATEGORY_TILES = 12;
/**
 * The category that `/category/{id}` names: its slug or its numeric id (product.md). A numeric id is
 * only ever a number; slugs are never all digits.
 */
export function findCategoryIn<C extends Pick<CategoryView, 'id' | 'slug'>>(categories: readonly C[], slugOrId: string): C | undefined {
  if (/^[1-9][0-9]{0,9}$/.test(slugOrId)) return categories.find((category) => category.id === Number(slugOrId));
  return categories.find((category) => category.slug === slugOrId);
}

/** Below this many left, a product page says "Only N left". */
export const LOW_STOCK = 5;

export interface StockState {
  label: string;
  available: boolean;
  level: 'in' | 'low' | 'out';
}

/** An option's stock for people: unlimited (null) and plenty are "In stock". */
export function stockState(qty: number | null): StockState {
  if (qty === null || qty > LOW_STOCK) return { label: 'In stock', available: true, level: 'in' };
  if (qty <= 0) return { label: 'Out of stock', available: false, level: 'out' };
  return { label: `Only ${qty} left`, available: true, level: 'low' };
}

/** A course date's places for people (a course sells places on a date, not stock: ADR 0051). */
export function placesText(left: number): string {
  if (left <= 0) return 'Full';
  return left === 1 ? '1 place left' : `${left} places left`;
}

/** A product card as pages send it to the browser: only what the card shows. */
export interface CardView {
  id: number;
  slug: string;
  title: string;
  brand: string | null;
  price_from: number | null;
  image: ImageView | null;
  kinds: OptionKind[];
}

export function toCardView(card: ProductCard): CardView {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    brand: card.brand?.name ?? null,
    price_from: card.price_from,
    image: card.image,
    kinds: card.kinds,
  };
}
