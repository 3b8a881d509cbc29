import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { BLOG_LIMITS } from '../../../../src/shared/contracts/content.js';

import type { AdminBlogPostListItem, AdminBlogPostView } from '../../../../src/modules/content/index.js';

/** A post as staff see it, whatever its status (the API's own type): `body` only when one post is read, not in the list. */
export type BlogPost = AdminBlogPostListItem & Partial<Pick<AdminBlogPostView, 'body'>>;

// The blog's PUT replaces the whole post: an edit sends every field, not the changed ones.
export const blogPosts = defineResource({ api: '/api/admin/blog', screens: '/admin/blog', noun: 'blog post', replaceOnUpdate: true });

/** Draft, scheduled (published with a time still to come) or published: the API has two statuses and a time. */
export function blogStatusOf(post: Pick<BlogPost, 'status' | 'is_public'>): 'Draft' | 'Scheduled' | 'Published' {
  if (post.status === 'draft') return 'Draft';
  return post.is_public ? 'Published' : 'Scheduled';
}

export const blogFields: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', required: true, maxLength: BLOG_LIMITS.title, hint: 'The post’s heading, in the blog list and on its page.' },
  {
    name: 'slug',
    label: 'Address',
    maxLength: BLOG_LIMITS.slug,
    hint: 'After /blog/, in lower-case words and dashes. Blank: from the title.',
  },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    required: true,
    hint: 'A draft is not shown to visitors.',
    options: [
      { value: 'draft', label: 'Draft (not shown)' },
      { value: 'published', label: 'Published' },
    ],
  },
  {
    name: 'published_at',
    label: 'Publish date and time',
    kind: 'datetime',
    nullable: true,
    hint: 'UK time. A time to come schedules it; blank publishes it now.',
  },
  { name: 'excerpt', label: 'Summary', kind: 'textarea', maxLength: BLOG_LIMITS.excerpt, hint: 'Plain text for the blog list and search results.' },
  { name: 'body', label: 'Body', kind: 'html', required: true, hint: 'Scripts and unsafe attributes are removed when you save.' },
  {
    name: 'cover_alt',
    label: 'Cover image description',
    maxLength: BLOG_LIMITS.coverAlt,
    hint: 'What the cover image below shows, for people who cannot see it. Blank when it only decorates.',
  },
];
