import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';

/** src/modules/content/adapters/http/admin-blog.controller.ts: a post as staff see it, whatever its status. */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** An uploaded cover's /media address, or one given by address through the API. */
  cover_image: string | null;
  /** Pixels, for an uploaded cover. */
  cover_width: number | null;
  cover_height: number | null;
  cover_alt: string;
  status: 'draft' | 'published';
  published_at: string | null;
  /** Published and due: what visitors see now. */
  is_public: boolean;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
  /** Only when one post is read, not in the list. */
  body?: string;
}

// The blog's PUT replaces the whole post: an edit sends every field, not the changed ones.
export const blogPosts = defineResource({ api: '/api/admin/blog', screens: '/admin/blog', noun: 'blog post', replaceOnUpdate: true });

/** Draft, scheduled (published with a time still to come) or published: the API has two statuses and a time. */
export function blogStatusOf(post: Pick<BlogPost, 'status' | 'is_public'>): 'Draft' | 'Scheduled' | 'Published' {
  if (post.status === 'draft') return 'Draft';
  return post.is_public ? 'Published' : 'Scheduled';
}

export const blogFields: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', required: true, maxLength: 200, hint: 'The post’s heading, in the blog list and on its page.' },
  {
    name: 'slug',
    label: 'Address',
    maxLength: 120,
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
  { name: 'excerpt', label: 'Summary', kind: 'textarea', maxLength: 500, hint: 'Plain text for the blog list and search results.' },
  { name: 'body', label: 'Body', kind: 'html', required: true, hint: 'Scripts and unsafe attributes are removed when you save.' },
  {
    name: 'cover_alt',
    label: 'Cover image description',
    maxLength: 200,
    hint: 'What the cover image below shows, for people who cannot see it. Blank when it only decorates.',
  },
];
