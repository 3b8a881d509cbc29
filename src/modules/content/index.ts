/** The content module's public face: other modules, web/ and cli/ import only from here. */
import { contentFeatures } from './content.module.js';
import { ContentModule } from './content.module.js';
import { BlogService } from './application/blog.service.js';
import { NewsletterService } from './application/newsletter.service.js';
import { SeoService } from './application/seo.service.js';
import { WidgetService } from './application/widget.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { ContentModule } from './content.module.js';
export { WidgetService, type WidgetView } from './application/widget.service.js';
export { DEMO_WIDGETS } from './application/demo-widgets.js';
export type { AdminWidgetView } from './application/widget-admin.service.js';
export { NewsletterAdminService, type NewsletterSubscriberView } from './application/newsletter-admin.service.js';
export { SeoService, type SeoAdminView } from './application/seo.service.js';
export { parseSeoEntryInput, seoHeaderProblem, SeoEntryInput } from './application/seo-entry.input.js';
export { SitemapService, type SitemapUrl } from './application/sitemap.service.js';
export type { BlogPostSummary } from './application/blog.service.js';
export { BlogAdminService, type AdminBlogPostListItem, type AdminBlogPostView } from './application/blog-admin.service.js';
export { DEMO_BLOG_POSTS } from './application/demo-blog-posts.js';
export { EnquiryService, type EnquiryView } from './application/enquiry.service.js';
export type { EnquiryType } from './domain/enquiry.entity.js';

const contentEntities = contentFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of content, in-process. */
interface ContentPageServices {
  widgets: Pick<WidgetService, 'getBlocks'>;
  seo: Pick<SeoService, 'findForPath'>;
  blog: Pick<BlogService, 'listPublished' | 'findPublished'>;
  /** Read-only: the unsubscribe page's GET never changes state (the button POSTs to the API). */
  newsletter: Pick<NewsletterService, 'describeUnsubscribeLink'>;
}

export const contentShopModule = shopModule({
  module: ContentModule,
  entities: contentEntities,
  pageServices: {
    inject: [WidgetService, SeoService, BlogService, NewsletterService],
    build: (widgets: WidgetService, seo: SeoService, blog: BlogService, newsletter: NewsletterService): ContentPageServices => ({ widgets, seo, blog, newsletter }),
  },
});
