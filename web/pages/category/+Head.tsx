import { useData } from 'vike-react/useData';
import type { Data } from './+data.js';

/**
 * Search results are not pages of their own for search engines (endless, thin variations): kept out of
 * the index, their links still followed. Filtered and sorted lists keep the root's canonical URL, which
 * drops the query (except the page number) and so points at the plain category.
 */
export default function Head() {
  const { params } = useData<Data>();
  return params.search ? <meta name="robots" content="noindex, follow" /> : null;
}
