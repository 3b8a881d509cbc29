import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format.js';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { UploadField } from '../../kit/UploadField.js';
import { blogFields, blogPosts, blogStatusOf, type BlogPost } from './blog.resource.js';
import './content.css';

const DEFAULTS = { status: 'draft' };

export function Component() {
  const queryClient = useQueryClient();
  return (
    <ResourceEditor<BlogPost>
      resource={blogPosts}
      fields={blogFields}
      title={(post) => post.title}
      defaults={DEFAULTS}
      deleteWarning={(post) => `“${post.title}” is removed from the blog, with its cover image, and its address stops working.`}
    >
      {(post) => (
        <>
          <section className="admin-panel" aria-label="Cover image" data-admin-blog-cover="">
            <UploadField<BlogPost>
              label="Cover image"
              accepts="PNG, JPEG or WebP, at most 5 MB. It is stored as WebP, at most 1600 pixels wide, and shown above the post and beside it in the blog list."
              accept="image/png,image/jpeg,image/webp"
              currentUrl={post.cover_image}
              previewAlt={post.cover_alt || `Cover of ${post.title}`}
              large
              uploadPath={`${blogPosts.api}/${post.id}/cover`}
              removePath={`${blogPosts.api}/${post.id}/cover`}
              onChanged={(updated) => {
                queryClient.setQueryData([blogPosts.api, String(post.id)], updated);
                void queryClient.invalidateQueries({ queryKey: [blogPosts.api], exact: false });
              }}
            />
          </section>
          <PublicationPanel post={post} />
        </>
      )}
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
