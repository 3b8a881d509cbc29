/**
 * Staff roles and the portal's areas (ADR 0044), in one framework-free file: identity's guard enforces the map on
 * every admin endpoint, the users API validates roles against it, and the portal (web/admin) draws its menu and
 * screens from the same map, so what a role is shown and what it may do cannot drift apart. See catalogue.ts beside
 * it for the rule that lets web/ import it.
 *
 * The seed's `role` (`customer` | `admin`) stays what lets a user into the Administration Portal at all; the staff
 * role says which parts of it an administrator reaches. Customers have none.
 */
export const STAFF_ROLES = ['admin', 'orders', 'catalogue', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is called on screen and in messages. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Administrator',
  orders: 'Orders',
  catalogue: 'Catalogue',
  content: 'Content',
};

/** What each role does, for the user screen's choice and `shop admin:create --help`. */
export const STAFF_ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  admin: 'everything, including users and staff roles',
  orders: 'dashboard, orders, delivery types; customers read-only',
  catalogue: 'products, categories, brands',
  content: 'blog, widgets, SEO, enquiries, newsletter',
};

/**
 * Every admin endpoint belongs to one area (`@AdminController(path, area)`):
 * - `dashboard`: the portal's front page of figures;
 * - `orders`: orders, invoices and credit notes, payments, delivery types (and certificates);
 * - `catalogue`: products, their options, media and courses, categories, brands, preview requests;
 * - `content`: blog posts, widgets, SEO entries, enquiries, newsletter subscribers;
 * - `users`: user accounts, their staff roles, and what customers looked at.
 */
export const ADMIN_AREAS = ['dashboard', 'orders', 'catalogue', 'content', 'users'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** `read`: GET (and HEAD) only; `write`: every method. */
export type AreaAccess = 'read' | 'write';

/**
 * The role → areas map. An area a role does not list is closed to it (403). `orders` reads `users` so that staff
 * answering a customer's call can look the customer up; the users API then shows them customers only, never
 * staff accounts (a role that cannot write users has no business with who else works here).
 */
export const ROLE_AREAS: Readonly<Record<StaffRole, Readonly<Partial<Record<AdminArea, AreaAccess>>>>> = {
  admin: { dashboard: 'write', orders: 'write', catalogue: 'write', content: 'write', users: 'write' },
  orders: { dashboard: 'write', orders: 'write', users: 'read' },
  catalogue: { catalogue: 'write' },
  content: { content: 'write' },
};

/** Whether a staff role reaches an area for reading (the default) or for changes. No role (a customer) reaches nothing. */
export function reaches(role: StaffRole | null | undefined, area: AdminArea, access: AreaAccess = 'read'): boolean {
  const granted = role ? ROLE_AREAS[role]?.[area] : undefined;
  return granted === 'write' || (granted === 'read' && access === 'read');
}

/** The areas a role reaches, in the map's order: the portal's menu and landing screen follow it. */
export function areasOf(role: StaffRole | null | undefined): AdminArea[] {
  return ADMIN_AREAS.filter((area) => reaches(role, area));
}

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
