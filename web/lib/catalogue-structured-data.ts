import type { OptionView, ProductDetail } from '../../src/modules/catalogue/index.js';
import { decimalPounds } from './money.js';

/** What the product page's structured data is made of (a trimmed ProductDetail). */
export type StructuredProduct = Pick<ProductDetail, 'title' | 'code' | 'summary' | 'description' | 'images'> & {
  brand: { name: string } | null;
  options: Array<Pick<OptionView, 'name' | 'code' | 'price' | 'in_stock'>>;
};

/**
 * The schema.org Product of a product page, as JSON-LD (https://schema.org/Product).
 *
 * Prices: the shop sells to businesses and shows prices ex VAT (product.md), so each Offer states the
 * ex-VAT price — the same figure as the page's headline — and says so with
 * `priceSpecification.valueAddedTaxIncluded = false`, instead of a VAT-inclusive figure the page does not lead with.
 * One Offer per active option (DVD, licence, poster size…), each with its SKU (the option code) and stock.
 */
export function productStructuredData(product: StructuredProduct, productUrl: string, publicUrl: string): Record<string, unknown> {
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
  const description = plainText(product.description) || product.summary;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.code,
    ...(description ? { description } : {}),
    ...(product.images.length > 0 ? { image: product.images.map((image) => absolute(image.url)) } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    offers: product.options.map((option) => {
      const price = decimalPounds(option.price);
      return {
        '@type': 'Offer',
        name: option.name,
        sku: option.code,
        price,
        priceCurrency: 'GBP',
        priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: 'GBP', valueAddedTaxIncluded: false },
        availability: option.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: productUrl,
      };
    }),
  };
}

/**
 * JSON for the inside of a `<script>` element: `<` (and `>`, `&`, the JS line separators) become
 * `\uXXXX` escapes, which JSON reads back as the same characters, so no text from the catalogue can
 * close the script (`</script>`) or open a comment in it. So does every character above U+00FF (an option's
 * "Online licence — 10 users"): the page around the script then stays one byte a character (ADR 0086, 0087).
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (!NEEDS_ESCAPE.test(json)) return json;
  const escaped = json.replace(ESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // What replace() returns from a two-byte string stays two-byte in V8 (ADR 0086): a copy makes it one byte a character.
  return typeof Buffer === 'undefined' ? escaped : Buffer.from(escaped, 'latin1').toString('latin1');
}

const NEEDS_ESCAPE = /[<>&\u0100-\uffff]/;
const ESCAPED = /[<>&\u0100-\uffff]/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised HTML (tags dropped, common entities decoded, whitespace collapsed). */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z0-9]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
