import { Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';

export interface SitemapUrl {
  path: string;
  lastModified?: Date;
}

/** Pages built from widgets and lists that always exist (product.md: information pages, blog, categories). */
export const STATIC_SITEMAP_PATHS = ['/', '/about', '/training', '/riskassessments', '/contact', '/privacy', '/terms', '/delivery', '/blog'];

/** Sources of further URLs (published posts, products, categories) register here as their slices arrive. */
export type SitemapSource = () => Promise<SitemapUrl[]>;

@Injectable()
export class SitemapService {
  private readonly sources: SitemapSource[] = [];

  constructor(private readonly env: Environment) {}

  addSource(source: SitemapSource): void {
    this.sources.push(source);
  }

  async sitemapXml(): Promise<string> {
    const urls: SitemapUrl[] = [...STATIC_SITEMAP_PATHS.map((path) => ({ path }))];
    for (const source of this.sources) urls.push(...(await source()));
    const entries = urls.map(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
      return `  <url><loc>${escapeXml(this.env.publicUrl + path)}</loc>${lastmod}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }

  robotsTxt(): string {
    return [
      'User-agent: *',
      ...['/admin', '/account', '/basket', '/checkout', '/api/'].map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.env.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}
