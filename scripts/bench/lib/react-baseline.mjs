// The bare React render of a page: the same built page components (Layout, Page, Head) and the same tree
// vike-react builds (its own getPageElement), rendered with renderToString from data captured from the
// shop, in a minimal HTML document that carries the same serialized page context. What it leaves out is
// exactly Vike's per-request work (routing, hooks, page context, HTML streaming) and the shop's
// (Nest, database): the ratio to it measures their cost.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';

/** pageId → its server entry file, from Vike's built `entry.mjs`. */
export function pageEntries(serverDir) {
  const source = readFileSync(path.join(serverDir, 'entry.mjs'), 'utf8');
  const entries = new Map();
  for (const match of source.matchAll(/pageId: "([^"]+)",[\s\S]*?import\("\.\/(entries\/[^"]+\.mjs)"\)/g)) {
    if (!entries.has(match[1])) entries.set(match[1], path.join(serverDir, match[2]));
  }
  return entries;
}

const exportsOf = (value) => value?.exportValues?.default;

function configValue(config, name) {
  const serialized = config[name]?.valueSerialized;
  if (serialized === undefined) return undefined;
  if (Array.isArray(serialized)) return serialized.map((item) => item.value ?? exportsOf(item)).filter(Boolean);
  return serialized.value ?? exportsOf(serialized);
}

/** Loads one page's built components; returns a function that renders a captured page context to HTML. */
export async function pageRenderer(root, entryFile) {
  const { configValuesSerialized: config } = await import(pathToFileURL(entryFile).href);
  const { getPageElement } = await import(pathToFileURL(path.join(root, 'node_modules/vike-react/dist/integration/getPageElement.js')).href);
  const { VikeReactProviderPageContext } = await import('vike-react/usePageContext');
  const Page = configValue(config, 'Page');
  const Layout = configValue(config, 'Layout') ?? [];
  const Head = configValue(config, 'Head') ?? [];
  const title = configValue(config, 'title');
  const description = configValue(config, 'description');
  const lang = configValue(config, 'lang') ?? 'en';
  const Loading = configValue(config, 'Loading');

  return function render(captured, assetTags) {
    const pageContext = { ...captured, Page, config: { Layout, Loading }, isClientSide: false };
    const body = renderToString(getPageElement(pageContext).page);
    const head = Head.map((Component) => renderToStaticMarkup(createElement(VikeReactProviderPageContext, { pageContext }, createElement(Component)))).join('');
    const titleText = typeof title === 'function' ? title(pageContext) : title;
    const descriptionText = typeof description === 'function' ? description(pageContext) : description;
    const state = JSON.stringify({ shell: captured.shell, pageId: captured.pageId, routeParams: captured.routeParams, data: captured.data }).replace(/</g, '\\u003c');
    return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="UTF-8" />${assetTags.head}`
      + `<title>${escapeHtml(titleText ?? '')}</title><meta name="viewport" content="width=device-width,initial-scale=1">${head}`
      + (descriptionText ? `<meta name="description" content="${escapeHtml(descriptionText)}" />` : '')
      + `</head><body><div id="root">${body}</div>`
      + `<script id="vike_pageContext" type="application/json">${state}</script>${assetTags.body}</body></html>`;
  };
}

function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
