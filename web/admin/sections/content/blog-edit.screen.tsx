import { formatDateTime } from '../../../lib/format.js';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { blogFields, blogPosts, blogStatusOf, type BlogPost } from './blog.resource.js';
import './content.css';

const DEFAULTS = { status: 'draft' };

export function Component() {
  return (
    <ResourceEditor<BlogPost>
      resource={blogPosts}
      fields={blogFields}
      title={(post) => post.title}
      defaults={DEFAULTS}
      deleteWarning={(post) => `“${post.title}” is removed from the blog and its address stops working.`}
    >
      {(post) => <PublicationPanel post={post} />}
    </ResourceEditor>
  );
}

/** Where the post stands for visitors, and a way to see it as they do. */
function PublicationPanel({ post }: { post: BlogPost }) {
  const status = blogStatusOf(post);
  return (
    <section className="admin-panel content-publication" aria-labelledby="blog-publication" data-blog-publication={status.toLowerCase()}>
      <h2 id="blog-publication">On the storefront</h2>
      <p>
        {status === 'Published' && <>Visitors see it at </>}
        {status === 'Scheduled' && <>Visitors will see it from {formatDateTime(post.published_at)} at </>}
        {status === 'Draft' && <>A draft: visitors do not see it. Once published it will be at </>}
        {post.is_public ? (
          <a href={`/blog/${post.slug}`} target="_blank" rel="noopener">
            /blog/{post.slug}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <code>/blog/{post.slug}</code>
        )}
        .
      </p>
      <p className="admin-muted">
        {post.author_name ? `Written by ${post.author_name}. ` : ''}Last edited {formatDateTime(post.updated_at)}.
      </p>
    </section>
  );
}
