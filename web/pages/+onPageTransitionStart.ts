import type { OnPageTransitionStartSync } from 'vike/types';
import { pageLoader } from '../lib/page-loader.js';

/** Seed §2: a loading indicator shows while navigating. */
const onPageTransitionStart: OnPageTransitionStartSync = () => {
  pageLoader.start();
};
export default onPageTransitionStart;
