import type { PageContext } from 'vike/types';
import { pageDescription } from '../../lib/title.js';

export default function description(pageContext: PageContext): string {
  return pageDescription(
    pageContext,
    'Buy health and safety training videos, online training courses, workplace safety posters, PowerPoint presentations and risk assessments from a UK supplier.',
  );
}
