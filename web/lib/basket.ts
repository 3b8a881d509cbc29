import { useEffect, useSyncExternalStore } from 'react';
import type { BasketView } from '../../src/modules/basket/index.js';
import { apiFetch } from './api.js';
import { useShell } from './shell.js';

/**
 * The browser's basket area of client state (seed §3 "client state has two areas"). The server renders the top
 * bar from the real basket (the shell's `basket`); after that, every basket call made in this page (add on a
 * product page, plus/minus on /basket) publishes the answer here, and the top bar shows it at once — no reload.
 * A navigation brings a fresh shell from the server, which is the truth again.
 */
export type BasketTotals = { grand_total: string; items: number };

let latest: BasketView | null = null;
const listeners = new Set<() => void>();

function publish(view: BasketView | null): void {
  latest = view;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The last basket the API answered with in this page (null before any call). */
export function useLatestBasket(): BasketView | null {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
}

/** The top bar's totals: the last API answer when there is one, else the server's shell. */
export function useBasketTotals(): BasketTotals {
  const shell = useShell();
  const view = useLatestBasket();
  // A new shell (a navigation) is the server's truth: forget the page-local answer.
  useEffect(() => publish(null), [shell]);
  return view ? { grand_total: view.totals.grand_total, items: view.totals.items } : shell.basket;
}

/** The basket operations of seed §4 over the Buying API; each answers with the whole basket, published here. */
export const basketApi = {
  /** `sessionId`: the date chosen for a course option (required for those, ADR 0046). */
  add: (optionId: number, sessionId?: number | null) =>
    call('/api/basket/items', { method: 'POST', body: sessionId ? { option_id: optionId, session_id: sessionId } : { option_id: optionId } }),
  /** A typed quantity added to the line (the product page): exactly that many, or 422 `errors.qty`. */
  addQty: (optionId: number, qty: number | string, sessionId?: number | null) =>
    call('/api/basket/items', { method: 'POST', body: sessionId ? { option_id: optionId, qty, session_id: sessionId } : { option_id: optionId, qty } }),
  /** The basket's "Update": the line holds exactly `qty` (0 removes it), or 422 `errors.qty`. */
  setQty: (itemId: number, qty: number | string) => call(`/api/basket/items/${itemId}`, { method: 'PATCH', body: { qty } }),
  plus: (itemId: number) => call(`/api/basket/items/${itemId}`, { method: 'PATCH', body: { action: 'plus' } }),
  minus: (itemId: number) => call(`/api/basket/items/${itemId}`, { method: 'PATCH', body: { action: 'minus' } }),
  remove: (itemId: number) => call(`/api/basket/items/${itemId}`, { method: 'DELETE' }),
  clear: () => call('/api/basket', { method: 'DELETE' }),
  get: () => call('/api/basket', { method: 'GET' }),
  /** An order's options back in the basket (today's prices, capped at stock). */
  buyAgain: (orderId: number) => call(`/api/orders/${orderId}/buy-again`, { method: 'POST', body: {} }),
};

async function call(path: string, init: Parameters<typeof apiFetch>[1]): Promise<BasketView> {
  const view = await apiFetch<BasketView>(path, init);
  publish(view);
  return view;
}

/** "1 item", "3 items". */
export function itemCount(items: number): string {
  return `${items} ${items === 1 ? 'item' : 'items'}`;
}
