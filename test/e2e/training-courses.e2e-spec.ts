import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor } from '../support/identity-client.js';
import { inContext } from '../support/orders-fixtures.js';
import { binaryParser } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { CourseService } from '../../src/modules/training/index.js';

/** The smallest file file-type recognises as WebM: an EBML header whose DocType is "webm", then filler. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(2000, 7)]);

const course = (overrides: Record<string, unknown> = {}) => ({
  duration: 30,
  chapters: [{ title: 'Introduction', start: 0 }, { title: 'Lifting', start: 12 }],
  questions: [
    { text: 'Bend your…', answers: [{ text: 'Knees', correct: true }, { text: 'Back', correct: false }] },
    { text: 'Before lifting, check…', answers: [{ text: 'The weight', correct: true }, { text: 'The weather', correct: false }, { text: 'Nothing', correct: false }] },
  ],
  pass_mark: 80,
  validity_months: 24,
  accreditation: 'CPD certified',
  ...overrides,
});

describe(`training course content API (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp();
    admin = await bearerFor(shop, { email: 'admin@example.com', password: 'demo-admin-password' });
    customer = await bearerFor(shop, { email: 'customer@example.com', password: 'demo-customer-password' });
  });
  afterAll(() => shop.close());

  it('answers an empty course for a product without one, and 404 for an unknown product', async () => {
    const product = await createProduct(shop.sql, { options: [{ kind: 'online_access' }] });
    const res = await http().get(`/api/admin/products/${product.id}/course`).set('Authorization', admin).expect(200);
    expect(res.body).toEqual({
      product_id: product.id, video: null, duration: null, chapters: [], questions: [], pass_mark: 80, validity_months: null,
      accreditation: null, online_access: true, updated_at: null,
    });
    const plain = await createProduct(shop.sql, { options: [{ kind: 'physical' }] });
    expect((await http().get(`/api/admin/products/${plain.id}/course`).set('Authorization', admin).expect(200)).body.online_access).toBe(false);
    await http().get('/api/admin/products/999999/course').set('Authorization', admin).expect(404);
    await http().put('/api/admin/products/999999/course').set('Authorization', admin).send(course()).expect(404);
  });

  it('saves a course whole and replaces its chapters and questions on the next save', async () => {
    const product = await createProduct(shop.sql, { title: 'Manual Handling Online' });
    const saved = await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send(course()).expect(200);
    expect(saved.body).toMatchObject({
      duration: 30, pass_mark: 80, validity_months: 24, accreditation: 'CPD certified',
      chapters: [{ title: 'Introduction', start: 0 }, { title: 'Lifting', start: 12 }],
      questions: [
        { id: expect.any(Number), text: 'Bend your…', answers: [{ id: expect.any(Number), text: 'Knees', correct: true }, { id: expect.any(Number), text: 'Back', correct: false }] },
        { text: 'Before lifting, check…' },
      ],
    });
    const again = await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin)
      .send(course({ chapters: [{ title: 'All of it', start: 0 }], questions: [course().questions[1]], validity_months: null, accreditation: null })).expect(200);
    expect(again.body.chapters).toEqual([{ title: 'All of it', start: 0 }]);
    expect(again.body.questions.map((q: { text: string }) => q.text)).toEqual(['Before lifting, check…']);
    expect(again.body.validity_months).toBeNull();
    const read = await http().get(`/api/admin/products/${product.id}/course`).set('Authorization', admin).expect(200);
    expect(read.body).toEqual(again.body);
    expect(await shop.sql('select id from training_questions where product_id = ?', [product.id])).toHaveLength(1);
    expect(await shop.sql('select a.id from training_answers a join training_questions q on q.id = a.question_id where q.product_id = ?', [product.id])).toHaveLength(3);
  });

  it('refuses a broken course with 422 naming each field path, and changes nothing', async () => {
    const product = await createProduct(shop.sql);
    await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send(course()).expect(200);
    const bad = course({
      chapters: [{ title: 'Late start', start: 5 }, { title: 'Backwards', start: 3 }, { title: 'Past the end', start: 45 }],
      questions: [
        course().questions[0],
        { text: 'Two right', answers: [{ text: 'a', correct: true }, { text: 'b', correct: true }] },
        { text: 'One answer', answers: [{ text: 'a', correct: true }] },
        { text: '', answers: [{ text: 'a', correct: false }, { text: '', correct: 'yes' }] },
      ],
      pass_mark: 0,
      validity_months: 121,
    });
    const res = await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send(bad).expect(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'chapters[0].start', 'chapters[1].start', 'chapters[2].start', 'pass_mark', 'questions[1].answers', 'questions[2].answers',
      'questions[3].answers', 'questions[3].answers[1].correct', 'questions[3].answers[1].text', 'questions[3].text', 'validity_months',
    ]);
    expect(res.body.errors['questions[1].answers']).toEqual(['Mark exactly one answer as correct.']);
    const missing = await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send({ chapters: 'x', unknown: 1 }).expect(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['duration', 'chapters', 'questions', 'pass_mark', 'validity_months', 'unknown']));
    const read = await http().get(`/api/admin/products/${product.id}/course`).set('Authorization', admin).expect(200);
    expect(read.body.chapters).toHaveLength(2);
  });

  it('stores an uploaded film privately, streams it back with Range, and replaces it on a new upload', async () => {
    const product = await createProduct(shop.sql, { title: 'Fire Safety Online' });
    const film = `/api/admin/products/${product.id}/course/film`;
    const uploaded = await http().put(film).set('Authorization', admin).attach('file', webm, { filename: 'film.webm', contentType: 'video/webm' }).field('duration', '28').expect(200);
    expect(uploaded.body).toMatchObject({ video: { url: film, content_type: 'video/webm', size: webm.length }, duration: 28 });
    const [row] = await shop.sql<{ film_key: string }>('select film_key from training_courses where product_id = ?', [product.id]);
    expect(row!.film_key).toMatch(new RegExp(`^private/training/${product.id}/films/[A-Za-z0-9_-]+\\.webm$`));
    expect(await shop.sql('select id from product_videos where product_id = ?', [product.id])).toHaveLength(0); // never a product video

    const whole = await http().get(film).set('Authorization', admin).buffer(true).parse(binaryParser).expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, webm)).toBe(0);
    const part = await http().get(film).set('Authorization', admin).set('Range', 'bytes=0-15').buffer(true).parse(binaryParser).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-15/${webm.length}`);
    expect(Buffer.compare(part.body as Buffer, webm.subarray(0, 16))).toBe(0);
    await http().get(film).set('Authorization', admin).set('Range', `bytes=${webm.length + 10}-`).expect(416);

    // The learner slice's reads: the course with its correct answers, and the film by product.
    const forLearning = await inContext(shop, () => shop.app.get(CourseService).course(product.id));
    expect(forLearning).toMatchObject({ productId: product.id, title: 'Fire Safety Online', duration: 28, film: { contentType: 'video/webm', size: webm.length } });

    // A film shorter than where a chapter starts is refused, and the stored one kept.
    await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send(course({ duration: 28 })).expect(200);
    const short = await http().put(film).set('Authorization', admin).attach('file', webm, { filename: 'short.webm', contentType: 'video/webm' }).field('duration', '12').expect(422);
    expect(short.body.errors.duration[0]).toMatch(/"Lifting" starts at 12 s/);
    const [kept] = await shop.sql<{ film_key: string }>('select film_key from training_courses where product_id = ?', [product.id]);
    expect(kept!.film_key).toBe(row!.film_key);

    const second = Buffer.concat([webm, Buffer.alloc(100, 1)]);
    await http().put(film).set('Authorization', admin).attach('file', second, { filename: 'film2.webm', contentType: 'video/webm' }).expect(200);
    const [after] = await shop.sql<{ film_key: string; duration_seconds: number }>('select film_key, duration_seconds from training_courses where product_id = ?', [product.id]);
    expect(after!.film_key).not.toBe(row!.film_key);
    expect(after!.duration_seconds).toBe(28); // kept when the upload does not say
    expect((await inContext(shop, () => shop.app.get(CourseService).course(product.id)))?.film?.size).toBe(second.length);
  });

  it('refuses a film that is not MP4/WebM, a bad duration, and a film of a course without one', async () => {
    const product = await createProduct(shop.sql);
    const film = `/api/admin/products/${product.id}/course/film`;
    await http().get(film).set('Authorization', admin).expect(404);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    expect((await http().put(film).set('Authorization', admin).attach('file', pdf, { filename: 'film.webm', contentType: 'video/webm' }).expect(422)).body.errors.file).toBeDefined();
    expect((await http().put(film).set('Authorization', admin).attach('file', webm, { filename: 'film.webm', contentType: 'video/webm' }).field('duration', '-3').expect(422)).body.errors.duration).toBeDefined();
    expect((await http().put(film).set('Authorization', admin).attach('file', webm, { filename: 'film.webm', contentType: 'video/webm' }).field('title', 'x').expect(422)).body.errors.title).toBeDefined();
    await http().put('/api/admin/products/999999/course/film').set('Authorization', admin).attach('file', webm, { filename: 'film.webm', contentType: 'video/webm' }).expect(404);
    expect(await shop.sql('select product_id from training_courses where product_id = ?', [product.id])).toHaveLength(0);
  });

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const product = await createProduct(shop.sql);
    for (const [method, path] of [['get', 'course'], ['put', 'course'], ['put', 'course/film'], ['get', 'course/film']] as const) {
      await http()[method](`/api/admin/products/${product.id}/${path}`).expect(401);
      await http()[method](`/api/admin/products/${product.id}/${path}`).set('Authorization', customer).expect(403);
    }
  });
});
