/** A learner's own pages and invitation links are personal: keep them out of search engines. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}
