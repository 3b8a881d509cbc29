/** The content module's public face: other modules, web/ and cli/ import only from here. */
import { contentFeatures } from './content.module.js';
import { ContentModule } from './content.module.js';
import { BlogService } from './application/blog.service.js';
import { NewsletterService } from './application/newsletter.service.js';
import { SeoService } from './application/seo.service.js';
import { WidgetService } from './application/widget.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { ContentModule } from './content.module.js';
export { WidgetService, type WidgetView, type WidgetListItem } from './application/widget.service.js';
export { DEMO_WIDGETS } from './application/demo-widgets.js';
export { WidgetAdminService, type AdminWidgetView } from './application/widget-admin.service.js';
export {
  NewsletterService, type UnsubscribeLinkView, NEWSLETTER_SUBSCRIBED, NEWSLETTER_UNSUBSCRIBED, NEWSLETTER_INVALID_LINK,
  NEWSLETTER_CONFIRMATION_SUBJECT,
} from './application/newsletter.service.js';
export { NewsletterAdminService, type NewsletterSubscriberView } from './application/newsletter-admin.service.js';
export { SeoService, type SeoView, type SeoAdminView, type UpsertOutcome } from './application/seo.service.js';
export { parseSeoEntryInput, seoHeaderProblem, SEO_ENTRY_COLUMNS, SeoEntryInput } from './application/seo-entry.input.js';
export { SitemapService, type SitemapSource, type SitemapUrl } from './application/sitemap.service.js';
export { BlogService, type BlogPostSummary, type BlogPostView } from './application/blog.service.js';
export {
  BlogAdminService, type AdminBlogPostListItem, type AdminBlogPostView, type BlogPostInput, type DemoBlogPost,
} from './application/blog-admin.service.js';
export { DEMO_BLOG_POSTS } from './application/demo-blog-posts.js';
export {
  EnquiryService, type EnquiryView, type EnquiryInput, ENQUIRY_RECEIVED, ENQUIRY_CLIENT_LIMIT, mailboxAddress,
} from './application/enquiry.service.js';
export { ENQUIRY_TYPES, type EnquiryType } from './domain/enquiry.entity.js';

export const contentEntities = contentFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of content, in-process. */
export interface ContentPageServices {
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
