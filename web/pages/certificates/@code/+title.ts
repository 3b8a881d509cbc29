import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../lib/title.js';

/** "Certificate check | {app name}": the learner's name stays out of the title (tabs, history, shared links). */
export default function title(pageContext: PageContext): string {
  return pageTitle(pageContext, 'Certificate check');
}
