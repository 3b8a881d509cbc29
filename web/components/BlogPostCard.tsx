import type { BlogPostSummary } from '../../src/modules/content/index.js';
import { formatDateTime } from '../lib/format.js';

/** "22 Nov 2026" (UK time), the same on the server and in the browser. */
export function formatPostDate(value: string): string {
  return formatDateTime(value).split(',')[0] ?? '';
}

/** "22 Nov 2026 · by Alex Admin" (the shop's name when a post has no author). */
export function PostMeta({ post, fallbackAuthor }: { post: Pick<BlogPostSummary, 'published_at' | 'author_name'>; fallbackAuthor: string }) {
  return (
    <p className="post-meta">
      <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
      {' · by '}
      <span data-post-author="">{post.author_name ?? fallbackAuthor}</span>
    </p>
  );
}

/** One post in the blog list. */
export function BlogPostCard({ post, fallbackAuthor }: { post: BlogPostSummary; fallbackAuthor: string }) {
  const href = `/blog/${post.slug}`;
  return (
    <article className={post.cover_image ? 'post-card post-card--with-cover' : 'post-card'} data-blog-post={post.slug}>
      {post.cover_image && (
        // The title's link beside it says where this goes: the picture is a second way in for the mouse only.
        <a href={href} tabIndex={-1} aria-hidden="true">
          <img className="post-card__cover" src={post.cover_image} alt="" width={post.cover_width ?? 220} height={post.cover_height ?? 140} loading="lazy" />
        </a>
      )}
      <div>
        <h2 className="post-card__title">
          <a href={href}>{post.title}</a>
        </h2>
        <PostMeta post={post} fallbackAuthor={fallbackAuthor} />
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
        <a href={href} aria-label={`Read more: ${post.title}`}>
          Read more
        </a>
      </div>
    </article>
  );
}
