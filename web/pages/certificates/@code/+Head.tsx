/** A certificate names a person: verifiable by whoever holds the code, never listed by search engines. */
export default function Head() {
  return <meta name="robots" content="noindex, nofollow" />;
}
