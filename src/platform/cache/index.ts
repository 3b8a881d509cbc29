/** What modules may use of the storefront caches: the changes they announce (ADR 0015). CacheModule is wired by the roots. */
export * from './storefront-changes.js';
