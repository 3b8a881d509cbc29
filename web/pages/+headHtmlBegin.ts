/**
 * Where Vike writes the page's style sheets and preloads (ADR 0055): Vike replaces this marker with them,
 * instead of finding `<head>` with a regular expression and re-indenting its tags, which cost every fresh
 * render a few scans of the whole document. It also keeps `<meta charset>` (written just before) in the
 * document's first bytes, ahead of the style sheets.
 */
export default '__VITE_PLUGIN_SSR__ASSETS_FIRST__';
