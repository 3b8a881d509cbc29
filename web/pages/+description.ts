import type { PageContext } from 'vike/types';
import { pageDescription } from '../lib/title.js';

export default function description(pageContext: PageContext): string {
  return pageDescription(
    pageContext,
    'Health and safety training videos, online training, posters, PowerPoint presentations, risk assessments and training courses for UK businesses.',
  );
}
