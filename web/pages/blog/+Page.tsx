import { useData } from 'vike-react/useData';
import { BlogPostCard } from '../../components/BlogPostCard.js';
import { Pagination } from '../../components/Pagination.js';
import { useShell } from '../../lib/shell.js';
import '../../styles/blog.css';
import type { Data } from './+data.js';

/** `/blog`: published posts, newest first, paginated (product.md). */
export default function Page() {
  const { posts, meta } = useData<Data>();
  const { appName } = useShell();
  return (
    <div className="container blog" data-blog-list="">
      <h1 className="blog__title">Blog</h1>
      <p className="blog__lead">News, guidance and practical advice on health and safety at work from the {appName} team.</p>
      {posts.length === 0 ? (
        <p className="blog__empty" data-blog-empty="">
          There are no posts yet. Please come back soon.
        </p>
      ) : (
        <ul className="blog__list">
          {posts.map((post) => (
            <li key={post.slug}>
              <BlogPostCard post={post} fallbackAuthor={appName} />
            </li>
          ))}
        </ul>
      )}
      <Pagination path="/blog" page={meta.page} lastPage={meta.last_page} label="Blog pages" />
    </div>
  );
}
