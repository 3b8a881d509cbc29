import request from 'supertest';
import { ADMIN_AREAS, type AdminArea, reaches, STAFF_ROLES, type StaffRole } from '../../src/shared/contracts/staff.js';
import { DEMO_ADMIN, DEMO_CUSTOMER, GOOD_PASSWORD, signInByApi } from '../support/identity-client.js';
import { runShop } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { itOnce } from '../support/once-across-databases.js';

/**
 * Issue 28 item 11 (ADR 0044): staff roles. Members of staff are made by `shop admin:create --role`, then every admin
 * endpoint of the app's own OpenAPI document is asked by every role: 403 where the role does not reach the
 * endpoint's area, through the guard where it does. A route added later is checked without anyone listing it here.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  method: Method;
  path: string;
  area: AdminArea;
}

/**
 * The area each group of endpoints must declare (longest prefix first): a controller that names the wrong one fails
 * here. Endpoints under none of these (added later) are held to the area they declare.
 */
const EXPECTED_AREAS: ReadonlyArray<readonly [prefix: string, area: AdminArea]> = [
  ['/api/admin/users/{id}/widgets', 'content'],
  ['/api/admin/users/{id}/previews', 'users'],
  ['/api/admin/users/{id}/product-views', 'users'],
  ['/api/admin/users', 'users'],
  ['/api/admin/previews', 'users'],
  ['/api/admin/dashboard', 'dashboard'],
  ['/api/admin/orders', 'orders'],
  ['/api/admin/delivery-types', 'orders'],
  ['/api/admin/products', 'catalogue'],
  ['/api/admin/categories', 'catalogue'],
  ['/api/admin/brands', 'catalogue'],
  ['/api/admin/blog', 'content'],
  ['/api/admin/widgets', 'content'],
  ['/api/admin/seo', 'content'],
  ['/api/admin/enquiries', 'content'],
  ['/api/admin/newsletter-subscribers', 'content'],
];

const STAFF: Record<Exclude<StaffRole, 'admin'>, { email: string; password: string }> = {
  orders: { email: 'dispatch@hs-training.co.uk', password: GOOD_PASSWORD },
  catalogue: { email: 'products@hs-training.co.uk', password: GOOD_PASSWORD },
  content: { email: 'editor@hs-training.co.uk', password: GOOD_PASSWORD },
};

describe(`staff roles (${databaseKind})`, () => {
  let database: TestDatabase;
  let shop: TestApp;
  const bearer: Partial<Record<StaffRole | 'customer', string>> = {};
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(runShop(['db:migrate'], database.env).status).toBe(0);
    for (const [role, account] of Object.entries(STAFF)) {
      const made = runShop(['admin:create', account.email, '--first-name', role, '--role', role], database.env, `${account.password}\n`);
      expect({ role, stderr: made.stderr, status: made.status }).toEqual({ role, stderr: '', status: 0 });
      expect(made.stdout).toContain(`Created administrator ${account.email}. Staff role: ${role[0]!.toUpperCase()}${role.slice(1)}.`);
    }
    // LOG_LEVEL error: the hundreds of 403s asked for below would each log a warning.
    shop = await startTestApp({ LOG_LEVEL: 'error' }, { database });
    bearer.admin = (await signInByApi(shop, DEMO_ADMIN)).bearer;
    bearer.customer = (await signInByApi(shop, DEMO_CUSTOMER)).bearer;
    for (const [role, account] of Object.entries(STAFF)) bearer[role as StaffRole] = (await signInByApi(shop, account)).bearer;
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  }, 30_000);

  describe('shop admin:create --role', () => {
    it('made each member of staff with their role; the seed accounts keep theirs', async () => {
      for (const [role, account] of [['admin', DEMO_ADMIN], ...Object.entries(STAFF)] as const) {
        const me = await http().get('/api/user').set('Authorization', bearer[role as StaffRole]!).expect(200);
        expect(me.body).toMatchObject({ email: account.email, role: 'admin', staff_role: role });
      }
      const customer = await http().get('/api/user').set('Authorization', bearer.customer!).expect(200);
      expect(customer.body).toMatchObject({ role: 'customer', staff_role: null });
    });

    itOnce('refuses an unknown role with the valid list, and says what each role does in --help', () => {
      const refused = runShop(['admin:create', 'boss@hs-training.co.uk', '--role', 'owner'], database.env, `${GOOD_PASSWORD}\n`);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("argument 'owner' is invalid. Allowed choices are admin, orders, catalogue, content.");
      const help = runShop(['admin:create', '--help'], database.env);
      expect(help.stdout).toContain('--role <role>');
      expect(help.stdout.replace(/\s+/g, ' ')).toContain('catalogue (products, categories, brands)');
      expect(help.stdout).toContain('default: "admin"');
    });
  });

  describe('every admin endpoint × every role', () => {
    let operations: Operation[];

    beforeAll(async () => {
      const document = (await http().get('/api/openapi.json').expect(200)).body as {
        paths: Record<string, Partial<Record<Method, { tags?: string[] }>>>;
      };
      operations = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/admin/'))
        .flatMap(([path, byMethod]) =>
          (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
            const operation = byMethod[method];
            if (!operation) return [];
            const declared = (operation.tags ?? []).filter((tag) => tag.startsWith('admin: ')).map((tag) => tag.slice('admin: '.length));
            expect({ method, path, declared: declared.length }).toEqual({ method, path, declared: 1 });
            expect(ADMIN_AREAS).toContain(declared[0]);
            const expected = EXPECTED_AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`))?.[1];
            if (expected) expect({ method, path, area: declared[0] }).toEqual({ method, path, area: expected });
            return [{ method, path, area: declared[0] as AdminArea }];
          }),
        );
      expect(operations.length).toBeGreaterThan(60);
      for (const area of ADMIN_AREAS) expect(operations.some((operation) => operation.area === area)).toBe(true);
    });

    it.each([...STAFF_ROLES, 'customer' as const])('answers %s: 403 outside its areas, through the guard inside them', async (role) => {
      const outcomes: string[] = [];
      for (const { method, path, area } of operations) {
        // Ids nobody has: a reached endpoint answers 404 (or 422 for an empty body), never 401 or 403.
        const url = path.replace(/\{[^}]+\}/g, '987654');
        const sent = http()[method](url).set('Authorization', bearer[role]!);
        const res = method === 'get' || method === 'delete' ? await sent : await sent.send({});
        const access = method === 'get' ? 'read' : 'write';
        const reached = role !== 'customer' && reaches(role, area, access);
        const parameterless = method === 'get' && !path.includes('{');
        const ok = reached ? res.status !== 401 && res.status !== 403 && res.status < 500 && (!parameterless || res.status === 200) : res.status === 403;
        if (!ok) outcomes.push(`${method.toUpperCase()} ${path} (${area}) → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        if (!reached && role !== 'customer') expect(res.body.message).toMatch(/^Your staff role \(\w+\) (does not reach|can look at) \w+/);
      }
      expect(outcomes).toEqual([]);
    });
  });

  describe('the orders role reads customers, and only customers', () => {
    it('lists customers only, opens a customer, and finds no member of staff; changes nothing', async () => {
      const list = await http().get('/api/admin/users?per_page=100').set('Authorization', bearer.orders!).expect(200);
      const emails = (list.body.data as Array<{ email: string; role: string }>).map((user) => user.email);
      expect(emails).toContain(DEMO_CUSTOMER.email);
      expect(emails).not.toContain(DEMO_ADMIN.email);
      expect((list.body.data as Array<{ role: string }>).every((user) => user.role === 'customer')).toBe(true);
      const all = await http().get('/api/admin/users?per_page=100').set('Authorization', bearer.admin!).expect(200);
      expect(all.body.meta.total).toBe(list.body.meta.total + 4);

      const customerId = (list.body.data as Array<{ id: number; email: string }>).find((user) => user.email === DEMO_CUSTOMER.email)!.id;
      await http().get(`/api/admin/users/${customerId}`).set('Authorization', bearer.orders!).expect(200);
      const staffId = (all.body.data as Array<{ id: number; email: string }>).find((user) => user.email === STAFF.catalogue.email)!.id;
      await http().get(`/api/admin/users/${staffId}`).set('Authorization', bearer.orders!).expect(404);
      const refused = await http().patch(`/api/admin/users/${customerId}`).set('Authorization', bearer.orders!).send({ account_terms: true }).expect(403);
      expect(refused.body.message).toBe('Your staff role (Orders) can look at users but not change it. Ask an administrator.');
    });

    it('gets the dashboard without the catalogue and content sections, which an administrator gets', async () => {
      const orders = await http().get('/api/admin/dashboard').set('Authorization', bearer.orders!).expect(200);
      expect(orders.body).toMatchObject({ low_stock: null, recent_enquiries: null, recent_newsletter_signups: null });
      expect(orders.body.awaiting_dispatch).toEqual(expect.objectContaining({ count: expect.any(Number) }));
      const admin = await http().get('/api/admin/dashboard').set('Authorization', bearer.admin!).expect(200);
      expect(admin.body.low_stock).toEqual(expect.objectContaining({ threshold: 5 }));
      expect(Array.isArray(admin.body.recent_enquiries)).toBe(true);
    });
  });

  describe('changing a role through the users API', () => {
    const patch = (id: number, body: object, token = bearer.admin!) => http().patch(`/api/admin/users/${id}`).set('Authorization', token).send(body);

    it('creates staff with a staff role, changes it (the next request of their session follows), and makes them a customer again', async () => {
      const made = await http().post('/api/admin/users').set('Authorization', bearer.admin!)
        .send({ email: 'temp.staff@hs-training.co.uk', first_name: 'Tem', last_name: 'Porary', staff_role: 'content' }).expect(201);
      expect(made.body).toMatchObject({ role: 'admin', staff_role: 'content' });
      const plainAdmin = await http().post('/api/admin/users').set('Authorization', bearer.admin!)
        .send({ email: 'plain.admin@hs-training.co.uk', first_name: 'Plain', last_name: 'Admin', role: 'admin' }).expect(201);
      expect(plainAdmin.body).toMatchObject({ role: 'admin', staff_role: 'admin' });

      const editor = (await http().get('/api/admin/users?search=editor@hs-training').set('Authorization', bearer.admin!).expect(200)).body.data[0] as { id: number };
      await http().get('/api/admin/blog').set('Authorization', bearer.content!).expect(200);
      await http().get('/api/admin/products').set('Authorization', bearer.content!).expect(403);
      expect((await patch(editor.id, { staff_role: 'catalogue' }).expect(200)).body).toMatchObject({ role: 'admin', staff_role: 'catalogue' });
      await http().get('/api/admin/products').set('Authorization', bearer.content!).expect(200);
      await http().get('/api/admin/blog').set('Authorization', bearer.content!).expect(403);

      // `role: admin` alone keeps the staff role they have.
      expect((await patch(editor.id, { role: 'admin', first_name: 'Ed' }).expect(200)).body).toMatchObject({ staff_role: 'catalogue' });
      expect((await patch(editor.id, { staff_role: null }).expect(200)).body).toMatchObject({ role: 'customer', staff_role: null });
      await http().get('/api/admin/products').set('Authorization', bearer.content!).expect(403);
      expect((await patch(editor.id, { role: 'admin' }).expect(200)).body).toMatchObject({ role: 'admin', staff_role: 'admin' });
      expect((await patch(editor.id, { staff_role: 'content' }).expect(200)).body).toMatchObject({ staff_role: 'content' });
    });

    it('answers 422 on staff_role for an unknown or contradictory role, and for narrowing your own', async () => {
      const customer = (await http().get('/api/admin/users?search=customer@example.com').set('Authorization', bearer.admin!).expect(200)).body.data[0] as { id: number };
      const cases: Array<[object, string, string]> = [
        [{ staff_role: 'owner' }, 'staff_role', 'staff_role must be one of admin, orders, catalogue, content (or null for a customer).'],
        [{ role: 'customer', staff_role: 'orders' }, 'staff_role', 'A customer has no staff role: leave staff_role out, or make the role admin.'],
        [{ role: 'admin', staff_role: null }, 'staff_role', 'An administrator needs a staff role: choose one, or make the role customer.'],
      ];
      for (const [body, field, reason] of cases) {
        const res = await patch(customer.id, body).expect(422);
        expect({ body, errors: res.body.errors }).toEqual({ body, errors: { [field]: [reason] } });
      }
      const created = await http().post('/api/admin/users').set('Authorization', bearer.admin!)
        .send({ email: 'not.made@hs-training.co.uk', first_name: 'Not', last_name: 'Made', staff_role: 'boss' }).expect(422);
      expect(Object.keys(created.body.errors)).toEqual(['staff_role']);

      const me = await signInByApi(shop, DEMO_ADMIN);
      const own = await patch(me.user.id, { staff_role: 'orders' }, me.bearer).expect(422);
      expect(own.body.errors).toEqual({ staff_role: ['You cannot remove your own administrator role.'] });
      const still = await http().get('/api/user').set('Authorization', me.bearer).expect(200);
      expect(still.body.staff_role).toBe('admin');
      // Only an administrator changes roles: the users area is read-only for orders and closed to the others.
      await patch(customer.id, { staff_role: 'orders' }, bearer.orders!).expect(403);
      await patch(customer.id, { staff_role: 'orders' }, bearer.catalogue!).expect(403);
    });
  });
});
