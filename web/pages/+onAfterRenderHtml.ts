import type { PageContextServer } from 'vike/types';
import { oneByteHtml } from '../lib/one-byte-html.js';

/**
 * Server only, after React rendered the page and before Vike builds the document around it: the page's HTML with its
 * characters above U+00FF as references, so the document stays one byte a character and every copy of it stays cheap
 * (ADR 0085). The data's own text (an option named "Online licence — 10 users") would otherwise make it two-byte.
 */
export default function onAfterRenderHtml(pageContext: PageContextServer): void {
  if (pageContext.pageHtmlString !== undefined) pageContext.pageHtmlString = oneByteHtml(pageContext.pageHtmlString);
}
