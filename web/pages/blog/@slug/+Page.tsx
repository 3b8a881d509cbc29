import { useData } from 'vike-react/useData';
import { PostMeta } from '../../../components/BlogPostCard.js';
import { useShell } from '../../../lib/shell.js';
import '../../../styles/blog.css';
import type { Data } from './+data.js';

/** `/blog/{slug}`: one post. Its body was sanitised when it was saved, so it is shown as is. */
export default function Page() {
  const { post } = useData<Data>();
  const { appName } = useShell();
  return (
    <div className="container blog">
      <article className="post" data-blog-article={post.slug}>
        <a className="post__back" href="/blog">
          ← All posts
        </a>
        <h1 className="post__title">{post.title}</h1>
        <PostMeta post={post} fallbackAuthor={appName} />
        {post.cover_image && (
          // An uploaded cover has its own size; one given by address is drawn at the page's width until it loads.
          <img className="post__cover" src={post.cover_image} alt={post.cover_alt} width={post.cover_width ?? 760} height={post.cover_height ?? 400} data-blog-cover="" />
        )}
        {post.excerpt && <p className="post__excerpt">{post.excerpt}</p>}
        <div className="post__body" data-blog-body="" dangerouslySetInnerHTML={{ __html: post.body }} />
      </article>
    </div>
  );
}
