// The parts of a Vike document that the shop writes itself when it replays a learned page (ADR 0087), each as Vike
// writes it: byte for byte, since a learned page is kept only while the shop's document is Vike's. Kept apart from
// `PageShellReplay`, which decides when a page may be replayed; these say what the bytes are.
import { stringify } from '@brillout/json-serializer/stringify';

/** A path-only request URL cut at its query: `/category?page=2` → `/category` and `?page=2`. */
export interface SplitUrl {
  pathname: string;
  searchOriginal: string | null;
}

/** Vike's page-context properties that go to the browser besides `passToClient` (serializeContext.js). */
const BUILT_IN_TO_CLIENT = ['abortReason', '_urlRewrite', '_urlRedirect', 'abortStatusCode', '_abortCall', '_pageContextInitIsPassedToClient', 'pageId', 'routeParams', 'data'];

/** `escapeInject` and `dangerouslySkipEscape` values to HTML, as Vike's renderTemplate does; `null` for a stream. */
export function flattenTemplate(value: unknown): string | null {
  if (typeof value === 'string') return escapeHtml(value);
  if (!isPlainRecord(value)) return null;
  if (typeof value._escaped === 'string') return value._escaped;
  const template = value._template as { templateStrings?: readonly string[]; templateVariables?: unknown[] } | undefined;
  if (!template || !Array.isArray(template.templateStrings) || !Array.isArray(template.templateVariables)) return null;
  let html = template.templateStrings[0] ?? '';
  for (let index = 0; index < template.templateVariables.length; index++) {
    const variable = template.templateVariables[index];
    const part = variable === undefined || variable === null ? '' : flattenTemplate(variable);
    if (part === null) return null;
    html += part + template.templateStrings[index + 1];
  }
  return html;
}

/** The page context's `<script>` for the browser, as Vike writes it (serializeContext.js, getHtmlTags.js). */
export function pageContextScript(pageContext: Record<string, unknown>, passToClient: string[], init: Record<string, unknown>, nonce: string | undefined): string {
  const toClient: Record<string, unknown> = {};
  let fromInit = false;
  for (const prop of new Set([...passToClient, ...BUILT_IN_TO_CLIENT])) {
    if (!(prop in pageContext)) continue;
    toClient[prop] = pageContext[prop];
    if (prop in init) fromInit = true;
  }
  if (fromInit) toClient._pageContextInitIsPassedToClient = true;
  const json = oneByteJson(serializeForClient(toClient));
  return `<script id="vike_pageContext" type="application/json"${nonceAttribute(nonce)}>${json}</script>`;
}

/**
 * `@brillout/json-serializer`'s `stringify()` as Vike calls it for the page context's script. Its replacer tracks the
 * path of every value, which cost ~15% of a category page's fresh render (ADR 0087); plain JSON data — no `undefined`,
 * dates, maps, functions, non-finite numbers, class instances, or strings starting with its escape character `!` —
 * comes out of the native `JSON.stringify()` the same, so that is used for it. Anything else goes to `stringify()`.
 */
export function serializeForClient(value: unknown): string {
  const json = isPlainJson(value, 0) ? JSON.stringify(value) : stringify(value, { forbidReactElements: true, htmlScriptSafe: false });
  return json.replaceAll('<', '\\u003c').replaceAll('/', '\\/');
}

function isPlainJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.charCodeAt(0) !== 0x21; // '!'
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth > 100) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!isPlainJson(value[index], depth + 1)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if ('toJSON' in value) return false;
  for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

/** As the shop's patch to Vike does (ADR 0085, 0086): characters above U+00FF escaped, the JSON one byte a character. */
function oneByteJson(json: string): string {
  if (!BEYOND_LATIN1.test(json)) return json;
  const escaped = json.replace(/[\u0100-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce}"` : '';
}

export function splitUrl(urlOriginal: string): SplitUrl | null {
  if (!urlOriginal.startsWith('/') || urlOriginal.startsWith('//') || urlOriginal.includes('#')) return null;
  const query = urlOriginal.indexOf('?');
  return query < 0
    ? { pathname: urlOriginal, searchOriginal: null }
    : { pathname: urlOriginal.slice(0, query), searchOriginal: urlOriginal.slice(query) };
}

/** `pageContext.urlParsed` as Vike's parseUrl() gives it for a path-only URL on the server. */
export function parsedUrl(urlOriginal: string, pathname: string, url: SplitUrl) {
  const search: Record<string, string> = {};
  const searchAll: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(url.searchOriginal ?? '')) {
    search[key] = value;
    searchAll[key] = [...(Object.prototype.hasOwnProperty.call(searchAll, key) ? searchAll[key]! : []), value];
  }
  return {
    href: urlOriginal, protocol: null, hostname: null, port: null, origin: null, pathname, pathnameOriginal: url.pathname,
    search, searchAll, searchOriginal: url.searchOriginal, hash: '', hashOriginal: null,
  };
}

export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

/**
 * Vike's own escaping (utils/escapeHtml.js), `'` as `&#039;`: the mail layout's `&#39;` would differ from Vike's bytes.
 * With the shop's patch to it (ADR 0091), characters above U+00FF as numeric references: the document stays one byte a
 * character when a title has “quotes” or a dash.
 */
function escapeHtml(text: string): string {
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
  if (!BEYOND_LATIN1.test(safe)) return safe;
  // A surrogate pair (an emoji) is one reference. What replace() makes of a two-byte string stays two-byte in V8: only
  // the copy into new one-byte storage makes it one byte a character.
  const escaped = safe.replace(BEYOND_LATIN1_CHARACTERS, (character) => `&#${character.codePointAt(0)!};`);
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

const BEYOND_LATIN1 = /[\u0100-\uffff]/;
const BEYOND_LATIN1_CHARACTERS = /[\ud800-\udbff][\udc00-\udfff]|[\u0100-\uffff]/g;

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
