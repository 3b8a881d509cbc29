/** The content module's public face: other modules, web/ and cli/ import only from here. */
import { contentFeatures } from './content.module.js';

export { ContentModule } from './content.module.js';
export { WidgetService, type WidgetView, type WidgetListItem } from './application/widget.service.js';
export { DEMO_WIDGETS } from './application/demo-widgets.js';
export { WidgetAdminService, type AdminWidgetView } from './application/widget-admin.service.js';
export { sanitizeHtml } from './application/html-sanitizer.js';
export {
  NewsletterService, type UnsubscribeLinkView, NEWSLETTER_SUBSCRIBED, NEWSLETTER_UNSUBSCRIBED, NEWSLETTER_INVALID_LINK,
  NEWSLETTER_CONFIRMATION_SUBJECT,
} from './application/newsletter.service.js';
export { SeoService, type SeoView, type SeoAdminView, type UpsertOutcome } from './application/seo.service.js';
export { parseSeoEntryInput, SeoEntryInput } from './application/seo-entry.input.js';
export { SitemapService, type SitemapSource, type SitemapUrl } from './application/sitemap.service.js';
export {
  BlogService, type BlogPostSummary, type BlogPostView, type AdminBlogPostListItem, type AdminBlogPostView, type BlogPostInput,
  type DemoBlogPost,
} from './application/blog.service.js';
export { DEMO_BLOG_POSTS } from './application/demo-blog-posts.js';
export {
  EnquiryService, type EnquiryView, type EnquiryInput, ENQUIRY_RECEIVED, ENQUIRY_CLIENT_LIMIT, mailboxAddress,
} from './application/enquiry.service.js';
export { ENQUIRY_TYPES, type EnquiryType } from './domain/enquiry.entity.js';

export const contentEntities = contentFeatures.flatMap((f) => f.entities);
