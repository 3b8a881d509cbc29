/**
 * What modules may use of the HTTP platform (the dependency rule `platform-through-its-index`): request helpers for
 * controllers and DTOs. The server's own wiring (error filter, hardening, OpenAPI, shutdown) is imported by the
 * composition roots directly and is not part of this face.
 */
export * from './byte-range.js';
export * from './content-disposition.js';
export * from './cookie-names.js';
export * from './csv-download.js';
export * from './inline-hashes.js';
export * from './list-query.js';
export * from './page-links.js';
export * from './random-tokens.js';
export * from './ranged-reply.js';
export * from './raw-body.js';
export * from './request-validation.js';
export * from './security-headers.js';
export * from './serialize-once.js';
export * from './transforms.js';
export * from './uploads.js';
export * from './validators.js';
export * from './xsrf.js';
