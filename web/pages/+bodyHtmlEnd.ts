/**
 * Where Vike writes the serialized page context and the client entry script (ADR 0055): the marker Vike
 * replaces, instead of searching the whole document for `</body>` (see +headHtmlBegin.ts).
 */
export default '__VITE_PLUGIN__SSR_ASSETS_LAST__';
