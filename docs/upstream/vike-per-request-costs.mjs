// A minimal reproduction, for the Vike maintainers, of two per-request costs of renderPage() that grow with
// the traffic and with the number of pages, measured on vike@0.4.266 (ADR 0055). Needs nothing but vike:
//   node docs/upstream/vike-per-request-costs.mjs
// 1. catchInfiniteLoop() keys its tracker by the request id, so every request adds a tracker, and every call walks
//    all trackers of the last 5 s (Object.keys + delete): the cost of one call grows with the requests per second.
// 2. route() parses every filesystem route string and compiles a new RegExp for each of them on every request
//    (resolveRouteString → parseRouteString, new RegExp): with 40 pages, 40 parses and 40 RegExps per request.
// Vike's internals are not in its package exports: reached by file, next to its public vike/server entry.
const serverEntry = import.meta.resolve('vike/server');
const vikeDist = serverEntry.slice(0, serverEntry.lastIndexOf('/dist/') + '/dist/'.length);
const internal = (file) => import(new URL(file, vikeDist).href);
const { catchInfiniteLoop } = await internal('utils/catchInfiniteLoop.js');
const { resolveRouteString } = await internal('shared-server-client/route/resolveRouteString.js');

/** CPU time (not wall time: a busy machine must not inflate it) per call of `work`, after a warm-up. */
const microseconds = (work, calls) => {
  for (let i = 0; i < 50; i++) work(i);
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) work(i);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
};

console.log('1. catchInfiniteLoop(), as renderPageServerEntryRecursive() calls it (one new key per request)');
let requestId = 0;
const oneRequest = () => catchInfiniteLoop(`[request-${++requestId}] renderPageServerEntryRecursive()`);
for (const requestsInLast5s of [0, 1_000, 5_000]) {
  // The trackers of the requests of the last 5 s are all still there (a server at requestsInLast5s / 5 req/s).
  while (requestId % 100_000 !== 0) requestId++;
  const start = requestId;
  for (let i = 0; i < requestsInLast5s; i++) oneRequest();
  const perCall = microseconds(oneRequest, 500);
  console.log(`   ${String(requestsInLast5s).padStart(5)} earlier requests in the last 5 s (+ the 550 measured): ${perCall.toFixed(1).padStart(7)} µs per request`);
  // Let the next row start from an empty table (as if 5 s had passed).
  await new Promise((resolve) => setTimeout(resolve, 5_100));
  oneRequest();
  requestId = start + 100_000;
}

console.log('2. route(): every filesystem route string resolved on every request');
const routeStrings = [
  '/', '/about', '/account', '/account/downloads', '/account/orders', '/account/orders/@id', '/account/password', '/account/previews',
  '/account/profile', '/account/training', '/admin', '/admin/orders', '/admin/orders/@id', '/admin/products', '/admin/products/@id',
  '/basket', '/blog', '/blog/@slug', '/cancelled', '/category', '/category/@slug', '/certificates/@code', '/checkout', '/complete',
  '/contact', '/delivery', '/joinus/@kind', '/learn/@id', '/login', '/newsletter/unsubscribe/@token', '/password/forgot',
  '/password/reset/@token', '/privacy', '/products/@id', '/register', '/riskassessments', '/terms', '/training', '/training/@id', '/verify-email',
];
const urlPathname = '/products/first-aid-online-course-1902';
const perRequest = microseconds(() => routeStrings.map((routeString) => resolveRouteString(routeString, urlPathname)), 5_000);
console.log(`   ${routeStrings.length} route strings: ${perRequest.toFixed(1)} µs per request (parsed and compiled anew each time)`);
const compiled = routeStrings.map((routeString) => new RegExp(`^${routeString.replace(/@[^/]+/g, '([^/]+)')}/?$`));
const cached = microseconds(() => compiled.map((regex) => urlPathname.match(regex)), 5_000);
console.log(`   the same with each route string compiled once: ${cached.toFixed(1)} µs per request`);
