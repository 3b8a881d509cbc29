import { lazy, Suspense, type ComponentType } from 'react';

const loadingOnServer: Promise<unknown>[] = [];

/**
 * A part of the page that the server renders with the rest, but whose code the browser fetches only once hydration
 * reaches it, in a chunk of its own: for what sits below the fold and is not what a visitor first sees or uses (the
 * footer), so that the page's first script is smaller and its evaluation shorter (ADR 0064).
 *
 * In the browser the part is a `React.lazy` inside its own Suspense boundary: hydration leaves the server's HTML of
 * that boundary in place, hydrates the rest of the page, and comes back to it when its chunk has arrived (the links
 * and forms in it work as plain HTML until then). On a client navigation to a page that has not loaded it yet, the
 * boundary shows nothing until it has. On the server the component must be there before the first render, or React
 * would send the boundary empty: each is loaded when its module is, and `+onBeforeRenderHtml` waits for all of them.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  if (import.meta.env.SSR) {
    loadingOnServer.push(load().then((component) => (Loaded = component)));
  }
  // In the browser always the lazy one, never the loaded component directly: switching between the two types would
  // remount the part (and lose what was typed into it) on the next render.
  const Lazy = lazy(async () => ({ default: await load() }));
  function Later(props: P) {
    const Component = import.meta.env.SSR ? Loaded : Lazy;
    if (!Component) throw new Error('hydrateLater: rendered on the server before its component loaded (+onBeforeRenderHtml waits for it)');
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Later;
}

/** Server only: resolves once every `hydrateLater` component of the modules loaded so far is there. */
export function hydrateLaterReady(): Promise<unknown> {
  return Promise.all(loadingOnServer);
}
