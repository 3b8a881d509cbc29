import { createHash } from 'node:crypto';
import type { InlineSources } from './security-headers.js';

/** An inline element's text, up to the first end tag of its kind: where the HTML parser ends a raw-text element. */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
/** Script types that are data blocks: the browser never runs them, so the CSP need not admit them. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json["'\s>]/i;
const HAS_SRC = /\bsrc\s*=/i;

/**
 * The CSP sources that admit a page's own inline scripts and style elements by their SHA-256 (CSP Level 3's hash
 * sources): one per distinct element text, in the order they first appear. For a page whose bytes are the same for
 * every visitor, in place of a per-response nonce (ADR 0095). The page is the shop's own render (React escapes `<` and
 * `>` in attribute values, and the JSON blocks escape `</`), so a raw-text element ends where this finds its end.
 */
export function inlineSourceHashes(html: string): InlineSources {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag, attributes, text] of html.matchAll(INLINE_ELEMENT)) {
    const script = tag!.toLowerCase() === 'script';
    if (script && (HAS_SRC.test(attributes!) || DATA_BLOCK.test(`${attributes!}>`))) continue;
    // The browser hashes the element's text as UTF-8 as its parser saw it: no entities are decoded in raw text, but
    // line breaks are normalised to LF before parsing.
    const parsed = text!.includes('\r') ? text!.replace(/\r\n?/g, '\n') : text!;
    (script ? scripts : styles).add(`'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`);
  }
  return { scripts: [...scripts], styles: [...styles] };
}
