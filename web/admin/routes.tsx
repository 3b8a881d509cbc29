import type { RouteObject } from 'react-router';

type ScreenModule = { Component: React.ComponentType };

/**
 * Each screen is its own chunk, loaded when first opened. Seed §1: when a page's script cannot be loaded (a
 * deploy replaced it), the browser reloads the page — once, so a real outage shows the error instead of a loop.
 */
function screen(load: () => Promise<ScreenModule>): RouteObject['lazy'] {
  return async () => {
    try {
      const module = await load();
      sessionStorage.removeItem('admin-chunk-reload');
      return { Component: module.Component };
    } catch (error) {
      if (sessionStorage.getItem('admin-chunk-reload') !== location.href) {
        sessionStorage.setItem('admin-chunk-reload', location.href);
        location.reload();
        await new Promise(() => undefined); // the reload takes over
      }
      throw error;
    }
  };
}

/** A list, its add screen and its edit screen under one path (`/admin/delivery`, `/add`, `/{id}`). */
function crud(path: string, list: () => Promise<ScreenModule>, edit: () => Promise<ScreenModule>): RouteObject[] {
  return [
    { path, lazy: screen(list) },
    { path: `${path}/add`, lazy: screen(edit) },
    { path: `${path}/:id`, lazy: screen(edit) },
  ];
}

/** The portal's screens (seed §2 "Admin routes"); the layout around them is `AdminApp`'s. */
export const adminRoutes: RouteObject[] = [
  { path: '/admin', lazy: screen(() => import('./sections/dashboard.screen.js')) },
  ...crud('/admin/delivery', () => import('./sections/orders/delivery-list.screen.js'), () => import('./sections/orders/delivery-edit.screen.js')),
  ...crud('/admin/brands', () => import('./sections/catalogue/brand-list.screen.js'), () => import('./sections/catalogue/brand-edit.screen.js')),
  ...crud('/admin/seo', () => import('./sections/content/seo-list.screen.js'), () => import('./sections/content/seo-edit.screen.js')),
  { path: '*', lazy: screen(() => import('./sections/not-found.screen.js')) },
];
