/** The shop's PDF house style (ADR 0019, 0041): what invoices and certificates draw alike. */
export { PDF_COLOURS, SHOP_LOGO_PATHS, drawShopLogo, loadPdfKit, ukLongDate } from './pdf-house-style.js';
