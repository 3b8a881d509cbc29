import type { StaffRole } from './contracts/staff.js';

/**
 * Who is making a request, as resolved from their session: attached to the HTTP request by identity's
 * session guard and read by the edges (controllers, the SSR shell). Ids only — never the entity.
 */
export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Viewer {
  userId: number;
  sessionId: number;
  role: Role;
  /** Which parts of the Administration Portal a `role: admin` reaches (ADR 0044); null for customers. */
  staffRole: StaffRole | null;
  email: string;
  firstName: string;
  lastName: string;
  /** How the request proved who it is: browser cookie (needs the XSRF header to change state) or Bearer. */
  via: 'cookie' | 'bearer';
}
