import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import spinnerUrl from '../assets/spinner.svg?no-inline';
import { loaderColor, PAGE_LOADER_IDLE, pageLoader, type PageLoader as PageLoaderStore } from '../lib/page-loader.js';

const getServerSnapshot = () => PAGE_LOADER_IDLE;

/**
 * The navigation progress bar with its "Loading..." overlay (seed §2, §4). Hidden in server HTML; shown
 * by `+onPageTransitionStart`. Width and colour are set through the CSSOM (`element.style`), never as a
 * `style` attribute, so a strict Content-Security-Policy does not get in the way.
 */
export function PageLoader({ store = pageLoader }: { store?: PageLoaderStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, getServerSnapshot);
  const barRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    bar.style.width = `${state.percent}%`;
    bar.style.backgroundColor = loaderColor(state, store.options);
    bar.style.height = `${store.options.heightPx}px`;
  }, [state, store]);

  const classes = ['page-loader'];
  if (state.visible) classes.push('is-visible');
  if (state.failed) classes.push('is-failed');

  return (
    <div className={classes.join(' ')} hidden={!state.visible} data-page-loader={state.visible ? 'visible' : 'hidden'}>
      <div className="page-loader__track">
        <div
          ref={barRef}
          className="page-loader__bar"
          role="progressbar"
          aria-label="Page loading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(state.percent)}
        />
      </div>
      <div className="page-loader__overlay" role="status">
        <img className="page-loader__spinner" src={spinnerUrl} alt="Loading Please Wait" width={48} height={48} />
        <p className="page-loader__text">Loading...</p>
      </div>
    </div>
  );
}
