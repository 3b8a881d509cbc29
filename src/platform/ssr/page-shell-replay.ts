import { resolveRoute } from 'vike/routing';
import { flattenTemplate, isPlainRecord, lowerCaseHeaders, pageContextScript, parsedUrl, splitUrl, type SplitUrl } from './vike-document.js';

/**
 * Fresh renders without Vike's per-request pipeline (ADR 0087).
 *
 * A page Vike rendered is a document vike-react wrote around React's HTML, with Vike's tags put where the shop's two
 * markers were (ADR 0055): the style sheets at the top of `<head>`, and at the end of `<body>` the serialized page
 * context, the client entry and its preloads. Only the page context's script depends on the request; the other tags
 * depend on the page alone (and the request's CSP nonce). So once two of Vike's renders of a page agree on those
 * tags, the shop renders that page itself: its route, its `guard` and `data` hooks and vike-react's `onRenderHtml`
 * (all taken from the page context Vike built), then the page context serialized as Vike does, and the learned tags.
 *
 * Learning is also the check: the shop renders the page its own way beside Vike's render and keeps the page only when
 * its document, with the learned tags put back, is Vike's byte for byte. A page that never matches stays with Vike.
 * Anything unusual — a hook that throws (a guard's redirect, a `render(404)`), a stream, a config this class does not
 * know — answers `null`, and the caller renders with Vike, which runs the hooks again: a page's `guard` and `data`
 * must be reads, safe to run twice (docs/architecture.md says so); a page whose hooks are not opts out with
 * `+replay.ts` exporting false (the certificate page, whose data hook counts unknown codes against a rate limit).
 */
export class PageShellReplay {
  /** Pathname → the one page whose route matches it (ADR 0087), for short pathnames; bounded. */
  private readonly routes = new Map<string, RouteMatch>();
  /** pageId → what was learned of it, or `'vike'` once it is known not to replay. */
  private readonly pages = new Map<string, LearnedPage | 'vike'>();
  /** pageId → the first of the two renders a page is learned from, and how many tries have not matched. */
  private readonly candidates = new Map<string, Candidate>();
  /** Every page's route (Vike's `pages`), to route a pathname when exactly one page matches it. */
  private pageRoutes: Array<{ pageId: string; route: unknown }> | null = null;

  constructor(private readonly limits: { routes: number; learningTries: number } = { routes: 10_000, learningTries: 5 }) {}

  /** The page rendered without Vike, or `null` when Vike must render it (unknown page or route, a hook threw…). */
  async render(init: PageContextInit): Promise<ReplayedPage | null> {
    try {
      const url = splitUrl(init.urlOriginal);
      const route = url && this.route(url.pathname);
      if (!url || !route) return null;
      const page = this.pages.get(route.pageId);
      if (page === undefined || page === 'vike') return null;
      // Learned with a nonce, the tags carry one; without, they carry none: a page learned one way renders only that way.
      if (Boolean(init.cspNonce) !== page.nonced) return null;
      const document = await renderDocument(init, page, route, url);
      if (document === null) return null;
      const nonce = init.cspNonce;
      const body = document.beforeFirst + withNonce(page.assetsFirst, nonce) + document.between
        + pageContextScript(document.pageContext, page.passToClient, init, nonce) + withNonce(page.assetsLast, nonce) + document.afterLast;
      return { statusCode: 200, headers: page.headers.map(([name, value]) => [name, withNonce(value, nonce)]), body };
    } catch {
      return null;
    }
  }

  /**
   * After Vike rendered a page for `init`: the first few times a page is rendered, its tags, kept when two renders
   * agree, the shop routes the pathname as Vike did, and the shop's own document matches Vike's.
   */
  async learn(init: PageContextInit, rendered: VikeRender): Promise<void> {
    const { pageContext } = rendered;
    if (rendered.statusCode !== 200 || typeof rendered.body !== 'string' || typeof pageContext.pageId !== 'string') return;
    if (this.pageRoutes === null && isPlainRecord(pageContext.pages)) {
      this.pageRoutes = Object.entries(pageContext.pages as Record<string, { route?: unknown }>).map(([id, page]) => ({ pageId: id, route: page.route }));
    }
    const pageId = pageContext.pageId;
    if (this.pages.has(pageId)) return;
    const candidate = this.candidates.get(pageId) ?? { tries: 0, shell: null };
    this.candidates.set(pageId, candidate);
    const shell = await this.shellOf(init, rendered).catch(() => null);
    if (shell !== null && candidate.shell !== null && sameShell(candidate.shell, shell)) {
      this.candidates.delete(pageId);
      this.pages.set(pageId, shell);
      return;
    }
    // Not (yet) two renders that agree: a page that keeps failing, or keeps changing its tags, stays with Vike.
    if (shell !== null) candidate.shell = shell;
    candidate.tries += 1;
    if (candidate.tries > this.limits.learningTries) this.forget(pageId);
  }

  /** Whether a page renders without Vike (for tests and the bench). */
  replays(pageId: string): boolean {
    const page = this.pages.get(pageId);
    return page !== undefined && page !== 'vike';
  }

  /**
   * The page and parameters for a pathname, or `null` (Vike routes it): only when exactly one page's route matches it,
   * so Vike's precedence cannot choose another, and only for a pathname Vike would neither decode, redirect nor answer
   * specially (`index.pageContext.json`, `favicon.ico`: no dots at all).
   */
  route(pathname: string): RouteMatch | null {
    const known = this.routes.get(pathname);
    if (known !== undefined) return known;
    if (this.pageRoutes === null || pathname.length > MAX_PATHNAME || !PLAIN_PATHNAME.test(pathname)) return null;
    let found: RouteMatch | null = null;
    for (const { pageId, route } of this.pageRoutes) {
      let routeParams: Record<string, string> | null = null;
      if (typeof route === 'string') {
        const result = resolveRoute(route, pathname);
        if (result.match) routeParams = result.routeParams;
      } else if (typeof route === 'function') {
        const result: unknown = route({ urlPathname: pathname });
        if (result === false) continue;
        // A promise, a precedence or a page context from a route function: Vike's to weigh.
        if (!isPlainRecord(result) || typeof result.then === 'function' || Object.keys(result).some((key) => key !== 'routeParams') || !isPlainRecord(result.routeParams ?? {})) return null;
        routeParams = (result.routeParams ?? {}) as Record<string, string>;
      } else {
        continue; // the error page has no route
      }
      if (routeParams === null) continue;
      if (found !== null) return null;
      found = { pageId, routeParams, urlPathname: pathname };
    }
    if (found === null) return null;
    if (this.routes.size >= this.limits.routes) this.routes.delete(this.routes.keys().next().value as string);
    this.routes.set(pathname, found);
    return found;
  }

  /** The shop's own document for this render, set beside Vike's: the learned page when they match, else `null`. */
  private async shellOf(init: PageContextInit, rendered: VikeRender): Promise<LearnedPage | null> {
    const { pageContext } = rendered;
    const url = splitUrl(init.urlOriginal);
    const config = pageContext.config as Record<string, unknown> | undefined;
    const passToClient = pageContext._passToClient;
    if (!url || !isPlainRecord(config) || !Object.keys(config).every((name) => KNOWN_CONFIGS.has(name)) || config.replay === false) return null;
    if (!Array.isArray(passToClient) || !passToClient.every((prop) => typeof prop === 'string' && !prop.includes('.'))) return null;
    // The shop must route the pathname as Vike did (and Vike must not have rewritten or aborted anything on the way).
    const route = this.route(url.pathname);
    if (route === null || route.pageId !== pageContext.pageId || !sameParams(route.routeParams, pageContext.routeParams)) return null;
    if (route.urlPathname !== pageContext.urlPathname || pageContext._urlRewrite || (Array.isArray(pageContext.pageContextsAborted) && pageContext.pageContextsAborted.length > 0)) return null;
    const candidate: LearnedPage = {
      pageId: route.pageId, config, Page: pageContext.Page, passToClient: passToClient as string[],
      assetsFirst: '', assetsLast: '', headers: [], nonced: Boolean(init.cspNonce),
    };
    const document = await renderDocument(init, candidate, route, url);
    if (document === null) return null;
    const vike = rendered.body as string;
    const script = pageContextScript(document.pageContext, candidate.passToClient, init, init.cspNonce);
    // Vike's document is ours with the tags in place of the markers: before, tags, between, script and tags, after.
    if (!vike.startsWith(document.beforeFirst) || !vike.endsWith(document.afterLast)) return null;
    const middle = vike.slice(document.beforeFirst.length, vike.length - document.afterLast.length);
    const at = middle.indexOf(document.between);
    if (at < 0 || middle.indexOf(document.between, at + 1) >= 0) return null;
    const lastTags = middle.slice(at + document.between.length);
    if (!lastTags.startsWith(script)) return null;
    const nonce = init.cspNonce;
    candidate.assetsFirst = withoutNonce(middle.slice(0, at), nonce);
    candidate.assetsLast = withoutNonce(lastTags.slice(script.length), nonce);
    // Only Vike's asset tags may be learned: nothing a visitor's render wrote can become part of every page.
    if (!FIRST_TAGS.test(candidate.assetsFirst) || !LAST_TAGS.test(candidate.assetsLast)) return null;
    candidate.headers = rendered.headers.map(([name, value]) => [name, withoutNonce(value, nonce)]);
    return candidate;
  }

  private forget(pageId: string): void {
    this.candidates.delete(pageId);
    this.pages.set(pageId, 'vike');
  }
}

/** What the shop hands Vike's `renderPage()` (PageRenderer's page context init). */
export type PageContextInit = Record<string, unknown> & { urlOriginal: string; headersOriginal: Record<string, string>; cspNonce: string | undefined };

export interface ReplayedPage {
  statusCode: 200;
  headers: Array<[string, string]>;
  body: string;
}

/** A render by Vike: its answer and the page context it returned. */
export interface VikeRender {
  statusCode: number;
  headers: Array<[string, string]>;
  body: unknown;
  pageContext: Record<string, unknown>;
}

interface RouteMatch {
  pageId: string;
  routeParams: Record<string, string>;
  /** Vike's `urlPathname` for it (decoded). */
  urlPathname: string;
}

interface LearnedPage {
  pageId: string;
  /** The page's resolved config as Vike gave it to its hooks: components, `guard`, `data`, vike-react's hooks. */
  config: Record<string, unknown>;
  Page: unknown;
  passToClient: string[];
  /** Vike's tags at the first marker, and after the page context's script at the second; the nonce as NONCE. */
  assetsFirst: string;
  assetsLast: string;
  headers: Array<[string, string]>;
  /** Whether it was learned from renders with a CSP nonce. */
  nonced: boolean;
}

interface Candidate {
  tries: number;
  shell: LearnedPage | null;
}

interface RenderedDocument {
  pageContext: Record<string, unknown>;
  beforeFirst: string;
  between: string;
  afterLast: string;
}

/** The configs a replayed page may have: each is either run here as Vike runs it, or has no server-side effect. */
const KNOWN_CONFIGS = new Set([
  'replay', 'Page', 'Layout', 'Head', 'Loading', 'title', 'description', 'favicon', 'lang', 'passToClient', 'route', 'guard', 'data',
  'onRenderHtml', 'onBeforeRenderHtml', 'onAfterRenderHtml', 'headHtmlBegin', 'bodyHtmlEnd',
  'client', 'clientRouting', 'isClientRuntimeLoaded', 'onRenderClient', 'onPageTransitionStart', 'onPageTransitionEnd', 'hydrationCanBeAborted',
]);

const FIRST_MARKER = '__VITE_PLUGIN_SSR__ASSETS_FIRST__';
const LAST_MARKER = '__VITE_PLUGIN__SSR_ASSETS_LAST__';
const NONCE = '\u0000nonce\u0000';
/** Segments of letters, digits, `-`, `_` and `~`, no trailing slash: nothing Vike would decode, normalise, redirect or answer specially. */
const PLAIN_PATHNAME = /^(?:\/|(?:\/[A-Za-z0-9_~-]+)+)$/;
const MAX_PATHNAME = 300;
/** What Vike writes at the markers: style sheets and preloads; the global context, the client entry and preloads. */
const FIRST_TAGS = /^(?:<link [^<>]*>|\s)*$/;
const LAST_TAGS = /^(?:<script id="vike_globalContext" type="application\/json"[^<>]*>[^<]*<\/script>|<script type="module"[^<>]*>[^<]*<\/script>|<link [^<>]*>|\s)*$/;
/** Runs the page's hooks and vike-react's `onRenderHtml` on a page context built as Vike builds it. */
async function renderDocument(init: PageContextInit, page: LearnedPage, route: RouteMatch, url: SplitUrl): Promise<RenderedDocument | null> {
  const config = page.config as Record<string, unknown> & { guard?: Hook; data?: Hook; onRenderHtml?: Hook };
  if (typeof config.onRenderHtml !== 'function') return null;
  const pageContext: Record<string, unknown> = {
    ...init,
    isPageContext: true,
    isClientSide: false,
    isPrerendering: false,
    isClientSideNavigation: false,
    headers: lowerCaseHeaders(init.headersOriginal),
    urlPathname: route.urlPathname,
    urlParsed: parsedUrl(init.urlOriginal, route.urlPathname, url),
    is404: null,
    routeParams: { ...route.routeParams },
    pageId: page.pageId,
    config: page.config,
    Page: page.Page,
  };
  if (typeof config.guard === 'function') await config.guard(pageContext);
  if (typeof config.data === 'function') pageContext.data = await config.data(pageContext);
  const html = flattenTemplate(await config.onRenderHtml(pageContext));
  if (html === null) return null;
  const first = html.indexOf(FIRST_MARKER);
  const last = html.indexOf(LAST_MARKER);
  if (first < 0 || last < first || html.indexOf(FIRST_MARKER, first + 1) >= 0 || html.indexOf(LAST_MARKER, last + 1) >= 0) return null;
  return {
    pageContext,
    beforeFirst: html.slice(0, first),
    between: html.slice(first + FIRST_MARKER.length, last),
    afterLast: html.slice(last + LAST_MARKER.length),
  };
}

type Hook = (pageContext: Record<string, unknown>) => unknown;

function withoutNonce(text: string, nonce: string | undefined): string {
  return nonce ? text.split(nonce).join(NONCE) : text;
}

function withNonce(text: string, nonce: string | undefined): string {
  return text.includes(NONCE) ? text.split(NONCE).join(nonce ?? '') : text;
}

function sameShell(a: LearnedPage, b: LearnedPage): boolean {
  return a.assetsFirst === b.assetsFirst && a.assetsLast === b.assetsLast && a.nonced === b.nonced && a.Page === b.Page
    && JSON.stringify(a.headers) === JSON.stringify(b.headers);
}

function sameParams(ours: Record<string, string>, vikes: unknown): boolean {
  return isPlainRecord(vikes) && Object.keys(ours).length === Object.keys(vikes).length && Object.entries(ours).every(([key, value]) => vikes[key] === value);
}

