import { BRAND_LIMITS, CATEGORY_LIMITS, PRODUCT_LIMITS } from '../../../src/shared/contracts/catalogue.js';
import { BLOG_LIMITS, SEO_LIMITS, WIDGET_LIMITS } from '../../../src/shared/contracts/content.js';
import type { FieldSpec } from '../../components/forms/form-values.js';
import { brandFields } from './catalogue/brand.resource.js';
import { categoryFields, productFields } from './catalogue/product.resource.js';
import { blogFields } from './content/blog.resource.js';
import { seoFields } from './content/seo.resource.js';
import { widgetFields } from './content/widget.resource.js';

/**
 * The portal's inputs stop typing at the same length the API accepts (issue 29: they repeated the numbers by hand,
 * and a limit changed on one side only lets staff type what the API then refuses, or refuses what it accepts).
 */
const maxLengths = (fields: readonly FieldSpec[]) =>
  Object.fromEntries(fields.filter((field) => field.maxLength !== undefined).map((field) => [field.name, field.maxLength]));

describe("the portal's field limits", () => {
  it("are the catalogue's limits", () => {
    expect(maxLengths(productFields([]))).toEqual({
      title: PRODUCT_LIMITS.title, code: PRODUCT_LIMITS.code, slug: PRODUCT_LIMITS.slug, summary: PRODUCT_LIMITS.summary,
      language: PRODUCT_LIMITS.language, accreditation: PRODUCT_LIMITS.accreditation,
    });
    expect(maxLengths(categoryFields)).toEqual(CATEGORY_LIMITS);
    expect(maxLengths(brandFields)).toEqual(BRAND_LIMITS);
  });

  it("are the content module's limits", () => {
    expect(maxLengths(blogFields)).toEqual({ title: BLOG_LIMITS.title, slug: BLOG_LIMITS.slug, excerpt: BLOG_LIMITS.excerpt, cover_alt: BLOG_LIMITS.coverAlt });
    expect(maxLengths(seoFields)).toEqual({ path: SEO_LIMITS.path, title: SEO_LIMITS.title, description: SEO_LIMITS.description });
    expect(maxLengths(widgetFields)).toEqual(WIDGET_LIMITS);
  });
});
