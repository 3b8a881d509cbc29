// A stand-in for `shop catalogue:generate` while that command does not exist: the same shape (N products
// over 200 categories, deterministic), made by a few set-based SQL statements. The bench says loudly
// when it uses this; once the shop's generator exists, the bench uses that instead.
const TOPICS = [
  'Manual Handling', 'Fire Safety', 'First Aid', 'Asbestos Awareness', 'COSHH', 'Working at Height', 'Forklift Safety',
  'Ladder Safety', 'Noise at Work', 'Slips and Trips', 'Risk Assessment', 'Legionella', 'Display Screen Equipment',
  'Electrical Safety', 'Food Hygiene', 'Confined Spaces', 'Lone Working', 'Stress Management', 'Vibration', 'PPE',
];
const FORMATS = ['Training DVD', 'Online Course', 'Poster', 'PowerPoint Pack', 'Toolbox Talk', 'Course', 'Handbook', 'E-learning'];
const WORDS = [
  'employees', 'supervisors', 'managers', 'workplace', 'hazards', 'controls', 'legal', 'duties', 'regulations', 'practical',
  'guidance', 'accidents', 'injury', 'prevention', 'procedures', 'equipment', 'awareness', 'refresher', 'induction', 'site',
];

const list = (values) => `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;

export function fallbackCatalogueSql({ products, categories, seed }) {
  return [
    `select setseed(${(seed % 100) / 100})`,
    `insert into categories (slug, name, description, sort_order)
     select 'category-' || i, 'Category ' || i, 'Generated category ' || i, i from generate_series(1, ${categories}) i`,
    `insert into brands (name, sort_order) select 'Brand ' || i, i from generate_series(1, 20) i`,
    `insert into products (slug, title, code, summary, description, brand_id, status, featured, running_time, year, price_from, created_at)
     select 'product-' || i,
            (${list(TOPICS)})[1 + i % ${TOPICS.length}] || ' ' || (${list(FORMATS)})[1 + (i / ${TOPICS.length}) % ${FORMATS.length}] || ' ' || i,
            'GEN-' || i,
            'For ' || (${list(WORDS)})[1 + i % 20] || ': ' || (${list(WORDS)})[1 + (i * 7) % 20] || ' and ' || (${list(WORDS)})[1 + (i * 13) % 20],
            repeat((${list(WORDS)})[1 + (i * 3) % 20] || ' ' || (${list(WORDS)})[1 + (i * 11) % 20] || ' ' || (${list(TOPICS)})[1 + (i * 17) % ${TOPICS.length}] || '. ', 12),
            1 + i % 20,
            case when i % 20 = 7 then 'draft' else 'published' end,
            i % 50 = 0,
            10 + i % 50, 2010 + i % 15,
            1000 + (i * 37) % 20000,
            timestamp '2026-01-01' + (i || ' minutes')::interval
     from generate_series(1, ${products}) i`,
    `insert into product_categories (category_id, product_id)
     select 1 + p.id % ${categories}, p.id from products p
     union select 1 + (p.id * 7) % ${categories}, p.id from products p where p.id % 3 = 0`,
    `insert into product_options (product_id, name, code, price, weight, qty, kind, sort_order)
     select p.id, k.name, 'GEN-' || p.id || '-' || k.n, p.price_from + (k.n - 1) * 500, 150 * (k.n % 2),
            case when k.n = 1 then 5 + p.id % 40 else null end, k.kind, k.n
     from products p
     cross join lateral (values (1, 'DVD', 'physical'), (2, 'Download', 'download'), (3, 'Online access', 'online_access')) as k(n, name, kind)
     where k.n <= 1 + p.id % 3`,
    `insert into product_images (product_id, storage_key, alt, width, height)
     select id, 'public/generated/' || id || '.webp', title, 800, 600 from products`,
  ];
}
