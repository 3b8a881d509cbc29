import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const PENDING_NOTE = 'This page is being written. Please check back soon.';

/** Visible text of a fragment: tags dropped, the common entities decoded, whitespace collapsed. */
function text(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    // Characters above U+00FF come as numeric references (ADR 0091), as a browser reads them.
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function titleOf(html: string): string[] {
  return [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => text(m[1]!));
}

function metaDescriptionOf(html: string): string[] {
  return [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => text(m[1]!));
}

function mainOf(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!main) throw new Error('No <main> in the page');
  return main[1]!;
}

/** The inner markup of the widget section named `name` in `html` ('' when there is none). */
function widgetSections(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<section class="[^"]*" data-widget="${name}">([\\s\\S]*?)</section>`, 'g'))].map((m) => m[1]!);
}

const PAGES = [
  { path: '/about', describes: 'since 2009', heading: 'About Us', widget: 'about-main', says: ['Who we are', 'since 2009', 'RoSPA-approved', 'schools and academy trusts'] },
  {
    path: '/training',
    describes: 'IOSH Managing Safely',
    heading: 'Training Courses',
    widget: 'training-main',
    says: ['IOSH Managing Safely', 'Emergency First Aid at Work', 'Fire Marshal', 'Manual Handling', 'Working at Height'],
  },
  { path: '/riskassessments', describes: 'five steps', heading: 'Risk Assessments', widget: 'riskassessments-main', says: ['suitable and sufficient', 'Identify the hazards.', 'editable Word document'] },
  { path: '/privacy', describes: 'UK GDPR', heading: 'Privacy Policy', widget: 'privacy-policy', says: ['UK General Data Protection Regulation', 'kept for 6 years', 'ico.org.uk'] },
  { path: '/terms', describes: 'business customers', heading: 'Terms & Conditions', widget: 'terms-and-conditions', says: ['exclude VAT', 'Unopened DVDs may be returned within 14 days', 'Liability'] },
  { path: '/delivery', describes: 'next-day dispatch', heading: 'Delivery Information', widget: 'delivery-information', says: ['Royal Mail', 'orders placed before 2pm', 'United Kingdom only', 'instantly'] },
] as const;

describe(`information and legal pages (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp();
  }, 60_000); // Jest ignores `testTimeout` inside a `projects` entry
  afterAll(() => shop?.close(), 30_000);

  describe.each(PAGES)('$path', ({ path, describes, heading, widget, says }) => {
    let res: request.Response;
    beforeAll(async () => {
      res = await http().get(path);
    });

    it('is a 200 HTML page titled "<heading> | HS Training Direct", with its own description', () => {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(titleOf(res.text)).toEqual([`${heading} | ${APP_NAME}`]);
      const descriptions = metaDescriptionOf(res.text);
      expect(descriptions).toHaveLength(1);
      expect(descriptions[0]).toContain(describes);
    });

    it('shows the heading and its widget text, once, inside <main>', () => {
      const main = mainOf(res.text);
      expect(text(main)).toContain(heading);
      expect(main).toMatch(/<h1\b[^>]*>/);
      const sections = widgetSections(main, widget);
      expect(sections).toHaveLength(1);
      for (const phrase of says) expect(text(sections[0]!)).toContain(phrase);
      expect(main).not.toContain(PENDING_NOTE);
      expect(res.text).not.toContain('data-widget-edit'); // anonymous visitors get no edit link
    });
  });

  it('shows the booking widget beside the training courses', async () => {
    const res = await http().get('/training').expect(200);
    const aside = /<aside\b[^>]*>([\s\S]*?)<\/aside>/.exec(mainOf(res.text));
    expect(aside).not.toBeNull();
    expect(widgetSections(aside![1]!, 'training-booking')).toHaveLength(1);
    expect(text(aside![1]!)).toContain('Group pricing on request');
  });

  it('gives administrators an edit link to the widget', async () => {
    const login = await http().post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    const [row] = await shop.sql<{ id: number }>('select id from widgets where name = ?', ['about-main']);
    const res = await http().get('/about').set('Authorization', `Bearer ${login.body.token as string}`).expect(200);
    expect(res.text).toContain(`href="/admin/widgets/${row!.id}"`);
  });

  it('lets an SEO entry for the path win over the default title and description', async () => {
    const login = await http().post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    const admin = `Bearer ${login.body.token as string}`;
    const entry = { path: '/privacy', title: 'Privacy and your data – HS Training Direct', description: 'How we look after the personal data of our customers.' };
    const created = await http().post('/api/admin/seo').set('Authorization', admin).send(entry).expect(201);
    try {
      const res = await http().get('/privacy').expect(200);
      expect(titleOf(res.text)).toEqual([entry.title]);
      expect(metaDescriptionOf(res.text)).toEqual([entry.description]);
    } finally {
      await http().delete(`/api/admin/seo/${created.body.id as number}`).set('Authorization', admin).expect(204);
    }
  });

  it('shows a short neutral note, not an empty page, while the widget is missing', async () => {
    // Through the admin API, as staff would: pages cache their widgets, and an admin change clears them.
    const login = await http().post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    const [row] = await shop.sql<{ id: number }>('select id from widgets where name = ?', ['delivery-information']);
    await http().delete(`/api/admin/widgets/${row!.id}`).set('Authorization', `Bearer ${login.body.token as string}`).expect(204);
    const res = await http().get('/delivery').expect(200);
    expect(titleOf(res.text)).toEqual([`Delivery Information | ${APP_NAME}`]);
    const main = mainOf(res.text);
    expect(text(main)).toContain('Delivery Information');
    expect(text(main)).toContain(PENDING_NOTE);
    expect(main).toContain('data-widget-missing="delivery-information"');
    expect(widgetSections(main, 'delivery-information')).toEqual([]);
    // The other pages are not affected.
    expect(text(mainOf((await http().get('/terms').expect(200)).text))).not.toContain(PENDING_NOTE);
  });
});
