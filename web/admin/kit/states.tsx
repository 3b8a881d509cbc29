import type { ReactNode } from 'react';
import { errorBodyOf } from '../../lib/api.js';

/** Shown while a screen's data is on its way (announced politely to screen readers). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="admin-state admin-state--loading" role="status" data-admin-loading="">
      <span className="admin-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A list with nothing in it says so, and says what to do next when there is something to do. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="admin-state admin-state--empty" data-admin-empty="">
      {children}
    </div>
  );
}

/** A screen whose data could not be read: the API's own message when it has one (404s say what is missing). */
export function LoadError({ error, what }: { error: unknown; what: string }) {
  const message = errorBodyOf(error).message;
  return (
    <div className="notice notice--error" role="alert" data-admin-load-error="">
      <p>
        Could not load {what}
        {message ? `: ${message}` : '.'}
      </p>
    </div>
  );
}
