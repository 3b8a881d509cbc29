/** Newsletter pages (one-time unsubscribe links) stay out of search engines. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}
