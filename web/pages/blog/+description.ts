import type { PageContext } from 'vike/types';
import { pageDescription } from '../../lib/title.js';

export default function description(pageContext: PageContext): string {
  return pageDescription(
    pageContext,
    'Health and safety news, HSE guidance explained and practical training advice for UK employers, managers and safety reps.',
  );
}
