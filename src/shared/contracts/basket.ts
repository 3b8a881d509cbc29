/**
 * The basket's one limit the storefront needs in the browser too (the quantity fields' `max`): see
 * src/shared/contracts/catalogue.ts for why limits live here. basket-rules.ts explains the number.
 */
export const MAX_LINE_QUANTITY = 9999;
