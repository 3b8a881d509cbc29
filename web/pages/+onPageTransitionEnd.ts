import type { OnPageTransitionEndSync } from 'vike/types';
import { pageLoader } from '../lib/page-loader.js';

/** Completes the loader; a navigation that ended on an error turns it red first. */
const onPageTransitionEnd: OnPageTransitionEndSync = (pageContext) => {
  if (pageContext.errorWhileRendering) pageLoader.fail();
  else pageLoader.finish();
};
export default onPageTransitionEnd;
