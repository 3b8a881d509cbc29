import { hydrateLaterReady } from '../lib/hydrate-later.js';

/** Server only, before each render: the page's `hydrateLater` parts must be loaded for the server to render them. */
export default async function onBeforeRenderHtml(): Promise<void> {
  await hydrateLaterReady();
}
