/** A learner's course is personal: keep it out of search engines. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}
