import type { PageContext } from 'vike/types';
import { plainText } from '../../../lib/catalogue-structured-data.js';
import { pageDescription } from '../../../lib/title.js';
import type { Data } from './+data.js';

/** The product's summary, else the start of its description (an SEO entry for the path wins). */
export default function description(pageContext: PageContext<Data>): string {
  const product = pageContext.data?.product;
  const fallback = product ? product.summary || shorten(plainText(product.description), 160) || product.title : '';
  return pageDescription(pageContext, fallback);
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
