/**
 * "What the storefront shows may have changed": the one signal that clears the storefront caches (the page
 * cache, the catalogue's list caches, widgets, SEO entries). Application services announce it after a change
 * succeeds — by calling `StorefrontChanges.announce()` or by marking the use case `@ChangesStorefront()` — so a
 * change made through the admin API, the command line or a queued job clears the caches the same way. Caches
 * subscribe once.
 *
 * Process-wide on purpose: each process has its own caches. With PostgreSQL, `StorefrontChangesRelay` carries
 * each announcement to the other processes (LISTEN/NOTIFY), which hear it through `heardFromElsewhere()`; the
 * caches' own expiry (30 s, and 10 s more while a refresh runs: ADR 0080) is the safety net for a notification lost
 * while a connection was down.
 */
type Listener = () => void;
type Relay = () => void;
const listeners = new Set<Listener>();
const relays = new Set<Relay>();

function tellListeners(): void {
  for (const listener of [...listeners]) listener();
}

export const StorefrontChanges = Object.freeze({
  /** Runs `listener` after every announced change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** A change happened in this process: clear this process's caches and tell the others. */
  announce(): void {
    tellListeners();
    for (const relay of [...relays]) relay();
  },

  /** Another process announced a change (or we may have missed some): clear this process's caches only. */
  heardFromElsewhere(): void {
    tellListeners();
  },

  /** Registers what passes announcements on to other processes; returns the unregister function. */
  relayTo(relay: Relay): () => void {
    relays.add(relay);
    return () => {
      relays.delete(relay);
    };
  },
});

/** Marks an application-service method that changes what the storefront shows: announced once it has succeeded. */
export function ChangesStorefront(): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const original = descriptor.value as (...args: unknown[]) => unknown;
    descriptor.value = async function changesStorefront(this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      StorefrontChanges.announce();
      return result;
    };
    return descriptor;
  };
}
