/**
 * "What the storefront shows may have changed": the one signal that clears this process's storefront caches (the
 * page cache, the catalogue's list caches). Application services announce it after a change succeeds — by
 * calling `StorefrontChanges.announce()` or by marking the use case `@ChangesStorefront()` — so a change made
 * through the admin API, the command line or a queued job clears the caches the same way. Caches subscribe once.
 * Process-wide on purpose: each process has its own caches; other processes catch up within the caches' TTL.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const StorefrontChanges = Object.freeze({
  /** Runs `listener` after every announced change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  announce(): void {
    for (const listener of [...listeners]) listener();
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
