import type { RouteObject } from 'react-router';
import { crud, screen } from '../../kit/lazy-routes.js';

const productList = () => import('./product-list.screen.js');
const productEdit = () => import('./product-edit.screen.js');

/** The catalogue's screens: products by category (seed `/admin/products/cat/{id}`), products, categories, brands. */
export const catalogueRoutes: RouteObject[] = [
  // `/admin/products` (every product) is where the editor's "All products" leads.
  { path: '/admin/products', lazy: screen(productList) },
  { path: '/admin/products/cat/:id', lazy: screen(productList) },
  { path: '/admin/products/add', lazy: screen(productEdit) },
  { path: '/admin/products/:id', lazy: screen(productEdit) },
  ...crud('/admin/categories', () => import('./category-list.screen.js'), () => import('./category-edit.screen.js')),
  ...crud('/admin/brands', () => import('./brand-list.screen.js'), () => import('./brand-edit.screen.js')),
];
