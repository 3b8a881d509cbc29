import { useData } from 'vike-react/useData';
import { useShell } from '../../../lib/shell.js';
import type { Data } from './+data.js';

/**
 * Share metadata of a post, added to the root +Head (which already writes the canonical URL and og:url):
 * og:type=article, its publication time and, when it has a cover and no SEO entry names a share image,
 * the cover as og:image (absolute: PUBLIC_URL + path), with its size when it was uploaded and its description.
 */
export default function Head() {
  const { post } = useData<Data>();
  const shell = useShell();
  const cover = shell.seo?.share_image ? null : post.cover_image;
  const image = cover && cover.startsWith('/') ? `${shell.publicUrl}${cover}` : cover;
  return (
    <>
      <meta property="og:type" content="article" />
      <meta property="article:published_time" content={post.published_at} />
      {image ? <meta property="og:image" content={image} /> : null}
      {image && post.cover_width && post.cover_height ? (
        <>
          <meta property="og:image:width" content={String(post.cover_width)} />
          <meta property="og:image:height" content={String(post.cover_height)} />
        </>
      ) : null}
      {image && post.cover_alt ? <meta property="og:image:alt" content={post.cover_alt} /> : null}
      {image ? <meta name="twitter:card" content="summary_large_image" /> : null}
    </>
  );
}
