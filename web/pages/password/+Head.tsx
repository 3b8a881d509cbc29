/** Password reset pages (and their one-time links) stay out of search engines. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}
