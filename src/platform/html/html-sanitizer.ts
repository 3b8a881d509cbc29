import sanitize from 'sanitize-html';

/**
 * The one HTML allowlist for staff-written markup (widgets, blog posts). Markup is sanitised when it
 * is SAVED, so every reader (API, SSR pages) gets clean HTML without re-sanitising.
 *
 * - No scripts, styles, forms or event-handler attributes (`on*`), no `style` attributes (the CSP
 *   blocks inline styles anyway).
 * - Links and images: `http`, `https`, `mailto`, `tel` (links) only — never `javascript:` or `data:`.
 * - Iframes only for video embeds over https from an allowlist of hosts; anything else is dropped. Their
 *   `allow` attribute goes too (issue 25): a permissions policy such as `camera; microphone` is the embed
 *   asking for the visitor's devices, which no video needs; `allowfullscreen` stays.
 * - No `id` attributes (issue 25): an element with `id="location"` or `id="basket"` becomes a global of the page
 *   (DOM clobbering), shadowing what a script expects. Nothing we publish links to an anchor inside staff
 *   markup, so ids are dropped rather than prefixed.
 */

/** Video-embed hosts and, per host, the path an embed must start with. */
const IFRAME_HOSTS: Readonly<Record<string, string>> = {
  'www.youtube-nocookie.com': '/embed/',
  'youtube-nocookie.com': '/embed/',
  'www.youtube.com': '/embed/',
  'player.vimeo.com': '/video/',
};

/** True when `src` is an https embed URL from an allowed host and path. */
export function isAllowedEmbed(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const prefix = IFRAME_HOSTS[url.hostname.toLowerCase()];
  return prefix !== undefined && url.pathname.startsWith(prefix);
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'span', 'div',
    'a', 'img', 'figure', 'figcaption', 'picture', 'source',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'section', 'article', 'aside', 'header', 'footer',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
    source: ['srcset', 'type', 'media'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'srcset'],
  allowProtocolRelative: false,
  allowedIframeHostnames: Object.keys(IFRAME_HOSTS),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // An iframe whose source is not an allowed https embed is removed entirely (not left empty).
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbed(frame.attribs.src),
  transformTags: {
    // Links that open a new window must not hand the opener to the target.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/** Returns `html` reduced to the allowlist above. Idempotent: sanitising clean markup changes nothing. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
