/** The application name: page titles and the footer come from it (seed: "page title comes from the application name"). */
export const SHOP_NAME = 'HS Training Direct';
