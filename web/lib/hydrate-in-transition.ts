import { startTransition } from 'react';
import ReactDOM from 'react-dom/client';

/**
 * Hydrates the server's page at transition priority, so React hydrates in slices of ~5 ms and yields to the browser
 * between them (ADR 0059). At the default priority React 19 hydrates the whole tree in one task: on a mid-range
 * phone (Chromium with 4× CPU slowdown) that task alone was 100–200 ms of Total Blocking Time per page. Next.js
 * hydrates its app router the same way. An interaction before hydration finishes is replayed by React once the
 * target is hydrated, as before.
 *
 * vike-react calls `ReactDOM.hydrateRoot` itself (its `onRenderClient`), after an `await`, so the call cannot be
 * wrapped from a hook; it reads the function from the module's exports object at call time, which this replaces
 * once, before the first render (`+client.ts` runs first).
 */
export function hydrateInTransition(): void {
  const original = ReactDOM.hydrateRoot;
  if ((original as { inTransition?: boolean }).inTransition) return;
  const hydrateRoot: typeof ReactDOM.hydrateRoot = (container, children, options) => {
    let root: ReturnType<typeof original> | undefined;
    startTransition(() => {
      root = original(container, children, options);
    });
    return root!;
  };
  Object.assign(hydrateRoot, { inTransition: true });
  ReactDOM.hydrateRoot = hydrateRoot;
}
