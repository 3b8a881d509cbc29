import type { RouteObject } from 'react-router';

export type ScreenModule = { Component: React.ComponentType };

/**
 * Each screen is its own chunk, loaded when first opened. Seed §1: when a page's script cannot be loaded (a
 * deploy replaced it), the browser reloads the page — once, so a real outage shows the error instead of a loop.
 */
export function screen(load: () => Promise<ScreenModule>): RouteObject['lazy'] {
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
export function crud(path: string, list: () => Promise<ScreenModule>, edit: () => Promise<ScreenModule>): RouteObject[] {
  return [
    { path, lazy: screen(list) },
    { path: `${path}/add`, lazy: screen(edit) },
    { path: `${path}/:id`, lazy: screen(edit) },
  ];
}
