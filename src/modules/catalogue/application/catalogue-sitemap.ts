import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SitemapService, type SitemapUrl } from '../../content/index.js';
import { CATALOGUE_READS, type CatalogueReads } from './ports/catalogue-reads.port.js';

/**
 * One sitemap file holds at most 50,000 URLs; the static pages, blog and categories take a few hundred, so
 * products get the rest, most recently changed first. A catalogue beyond that needs a sitemap index (not yet).
 */
const SITEMAP_PRODUCTS = 49_000;

/** Puts the category pages and every published product page in /sitemap.xml (content owns the file). */
@Injectable()
export class CatalogueSitemap implements OnModuleInit {
  constructor(
    @Inject(CATALOGUE_READS) private readonly reads: CatalogueReads,
    private readonly sitemap: SitemapService,
  ) {}

  onModuleInit(): void {
    this.sitemap.addSource(() => this.urls());
  }

  async urls(): Promise<SitemapUrl[]> {
    const categories = await this.reads.categoriesWithCounts();
    const products = await this.reads.publishedSlugs(SITEMAP_PRODUCTS);
    return [
      { path: '/category' },
      ...categories.map((category) => ({ path: `/category/${encodeURIComponent(category.slug)}` })),
      ...products.map((product) => ({ path: `/products/${encodeURIComponent(product.slug)}`, lastModified: product.updated_at })),
    ];
  }
}
