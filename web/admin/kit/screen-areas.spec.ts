import { ROLE_AREAS, reaches, STAFF_ROLES } from '../../../src/shared/contracts/staff.js';
import { accessToScreen, areaOfScreen, homeScreenOf, isUnknownScreen, reachesScreen, UNKNOWN_SCREEN } from './screen-areas.js';

describe('the portal screens each staff role reaches (ADR 0044)', () => {
  it('gives each screen path its area, by whole path segments', () => {
    expect(areaOfScreen('/admin')).toBe('dashboard');
    expect(areaOfScreen('/admin/')).toBe('dashboard');
    expect(areaOfScreen('/admin/orders/12?tab=history')).toBe('orders');
    expect(areaOfScreen('/admin/products/cat/1')).toBe('catalogue');
    expect(areaOfScreen('/admin/users/add')).toBe('users');
    expect(areaOfScreen('/admin/newsletter')).toBe('content');
    expect(areaOfScreen('/admin/ordersx')).toBeNull();
    expect(areaOfScreen('/admin/something-new')).toBeNull();
  });

  it('opens a screen to the roles whose map reaches its area; an unclaimed one to the admin role alone', () => {
    expect(reachesScreen('catalogue', '/admin/brands/3')).toBe(true);
    expect(reachesScreen('catalogue', '/admin/orders')).toBe(false);
    expect(reachesScreen('orders', '/admin/users/5')).toBe(true); // read-only, the screen says so
    expect(reachesScreen('content', '/admin')).toBe(false);
    expect(reachesScreen('admin', '/admin/something-new')).toBe(true);
    expect(reachesScreen('orders', '/admin/something-new')).toBe(false);
    expect(reachesScreen(null, '/admin')).toBe(false);
  });

  it('shows "Not found" for a path no screen matches to every role, never the panel (issue 30)', () => {
    for (const role of [...STAFF_ROLES, null]) {
      expect(accessToScreen(role, '/admin/no-such-page', false)).toBe('screen');
      expect(accessToScreen(role, '/admin/orders/1/no/such', false)).toBe('screen');
    }
    // A screen that exists keeps its check: the panel, or the role's first screen instead of the dashboard.
    expect(accessToScreen('catalogue', '/admin/orders', true)).toBe('panel');
    expect(accessToScreen('orders', '/admin/training-screen-for-admins', true)).toBe('panel');
    expect(accessToScreen('catalogue', '/admin', true)).toBe('home');
    expect(accessToScreen('orders', '/admin', true)).toBe('screen');
    expect(isUnknownScreen(UNKNOWN_SCREEN)).toBe(true);
    expect(isUnknownScreen(undefined)).toBe(false);
    expect(isUnknownScreen({})).toBe(false);
  });

  it('lands each role on a screen it reaches', () => {
    expect(homeScreenOf('admin')).toEqual({ path: '/admin', label: 'Dashboard' });
    expect(homeScreenOf('orders')).toEqual({ path: '/admin', label: 'Dashboard' });
    expect(homeScreenOf('catalogue')).toEqual({ path: '/admin/products', label: 'Products' });
    expect(homeScreenOf('content')).toEqual({ path: '/admin/blog', label: 'Blog' });
    for (const role of STAFF_ROLES) expect(reachesScreen(role, homeScreenOf(role).path)).toBe(true);
  });

  it('reads the map: write includes read, read-only refuses changes, admin reaches every area', () => {
    expect(reaches('orders', 'users', 'read')).toBe(true);
    expect(reaches('orders', 'users', 'write')).toBe(false);
    expect(reaches('catalogue', 'catalogue', 'write')).toBe(true);
    expect(reaches(null, 'dashboard')).toBe(false);
    expect(Object.keys(ROLE_AREAS.admin).sort()).toEqual(['catalogue', 'content', 'dashboard', 'orders', 'users']);
  });
});
