/**
 * The shop's domain modules, in the order Nest registers them. Adding a module: build it in its folder, declare it
 * with `shopModule(...)` in its index.ts, and add it here — CoreModule registers its module and entities, and
 * AppModule gives pages its page services (docs/adding-a-module.md).
 */
import { basketShopModule } from './basket/index.js';
import { catalogueShopModule } from './catalogue/index.js';
import { contentShopModule } from './content/index.js';
import { identityShopModule } from './identity/index.js';
import { ordersShopModule } from './orders/index.js';
import { reportingShopModule } from './reporting/index.js';
import { trainingShopModule } from './training/index.js';

export const SHOP_MODULES = [contentShopModule, identityShopModule, catalogueShopModule, basketShopModule, ordersShopModule, trainingShopModule, reportingShopModule] as const;
