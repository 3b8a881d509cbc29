/** The HTML sanitiser, as modules use it (the dependency rule `platform-through-its-index`). */
export * from './html-sanitizer.js';
