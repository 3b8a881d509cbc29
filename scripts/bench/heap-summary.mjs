// What a heap snapshot holds, without DevTools: self size by kind of object, and the objects retaining the most (a
// dominator tree, Cooper–Harvey–Kennedy's iterative algorithm, over the snapshot's strong edges), each with the edge
// path that reaches it from the roots. For the shop's live heap after a bench's load (ADR 0013).
// usage: node --max-old-space-size=8000 scripts/bench/heap-summary.mjs <file.heapsnapshot> [top=40]
import { readFileSync } from 'node:fs';

const [file, topText = '40'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/heap-summary.mjs <file.heapsnapshot> [top=40]');
  process.exit(2);
}
const top = Number(topText);
const snapshot = JSON.parse(readFileSync(file, 'utf8'));
const { node_fields: nodeFields, edge_fields: edgeFields, node_types: [nodeTypes], edge_types: [edgeTypes] } = snapshot.snapshot.meta;
const { nodes, edges, strings } = snapshot;
const NF = nodeFields.length;
const EF = edgeFields.length;
const [nType, nName, , nSelf, nEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nodeFields.indexOf(f));
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f));
const count = nodes.length / NF;
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) { firstEdge[i] = e; e += nodes[i * NF + nEdges] * EF; firstEdge[i + 1] = e; }
const weak = edgeTypes.indexOf('weak');
const shortcut = edgeTypes.indexOf('shortcut');
const strong = (e) => edges[e + eType] !== weak && edges[e + eType] !== shortcut;
const typeOf = (i) => nodeTypes[nodes[i * NF + nType]];
const nameOf = (i) => strings[nodes[i * NF + nName]];
const selfOf = (i) => nodes[i * NF + nSelf];
const edgeName = (e) => {
  const t = edgeTypes[edges[e + eType]];
  return t === 'element' || t === 'hidden' ? `[${edges[e + eName]}]` : String(strings[edges[e + eName]]);
};

// Depth-first post-order from the root (node 0) over strong edges, iteratively; parentEdge remembers one way in.
const post = new Int32Array(count).fill(-1);
const order = [];
const parentEdge = new Int32Array(count).fill(-1);
const visited = new Uint8Array(count);
const stack = [0];
const cursor = new Uint32Array(count);
visited[0] = 1;
for (let i = 0; i < count; i++) cursor[i] = firstEdge[i];
while (stack.length) {
  const n = stack.at(-1);
  if (cursor[n] < firstEdge[n + 1]) {
    const e = cursor[n];
    cursor[n] += EF;
    if (!strong(e)) continue;
    const to = edges[e + eTo] / NF;
    if (!visited[to]) { visited[to] = 1; parentEdge[to] = e; stack.push(to); }
  } else {
    post[n] = order.length;
    order.push(n);
    stack.pop();
  }
}
// Predecessors (strong edges between reachable nodes), as a CSR.
const predCount = new Uint32Array(count + 1);
for (let n = 0; n < count; n++) {
  if (!visited[n]) continue;
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) if (strong(e)) predCount[edges[e + eTo] / NF + 1]++;
}
for (let i = 0; i < count; i++) predCount[i + 1] += predCount[i];
const preds = new Uint32Array(predCount[count]);
const fill = predCount.slice(0, count);
for (let n = 0; n < count; n++) {
  if (!visited[n]) continue;
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) if (strong(e)) preds[fill[edges[e + eTo] / NF]++] = n;
}
const idom = new Int32Array(count).fill(-1);
idom[0] = 0;
const intersect = (a, b) => {
  while (a !== b) {
    while (post[a] < post[b]) a = idom[a];
    while (post[b] < post[a]) b = idom[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let k = order.length - 2; k >= 0; k--) { // reverse post-order, root (last) excluded
    const n = order[k];
    let d = -1;
    for (let p = predCount[n]; p < predCount[n + 1]; p++) {
      const from = preds[p];
      if (idom[from] === -1) continue;
      d = d === -1 ? from : intersect(from, d);
    }
    if (d !== -1 && idom[n] !== d) { idom[n] = d; changed = true; }
  }
}
const retained = new Float64Array(count);
for (const n of order) { retained[n] += selfOf(n); if (n !== 0) retained[idom[n]] += retained[n]; }

const mb = (bytes) => (bytes / 1e6).toFixed(2);
let reachable = 0;
const byKind = new Map();
for (let n = 0; n < count; n++) {
  if (!visited[n]) continue;
  reachable += selfOf(n);
  const type = typeOf(n);
  const key = type === 'object' || type === 'closure' ? `${type} ${nameOf(n)}` : type;
  const entry = byKind.get(key) ?? { self: 0, count: 0 };
  entry.self += selfOf(n); entry.count++;
  byKind.set(key, entry);
}
console.log(`reachable ${mb(reachable)} MB in ${order.length} of ${count} nodes\n\nself size by kind (MB, count)`);
for (const [key, { self, count: c }] of [...byKind].sort((a, b) => b[1].self - a[1].self).slice(0, top)) console.log(`${mb(self).padStart(8)} ${String(c).padStart(8)}  ${key.slice(0, 100)}`);

const pathTo = (n) => {
  const parts = [];
  for (let at = n, depth = 0; at !== 0 && parentEdge[at] !== -1 && depth < 12; depth++) {
    const e = parentEdge[at];
    parts.unshift(edgeName(e));
    at = ownerOfEdge(e);
  }
  return parts.join('.');
};
function ownerOfEdge(e) { // binary search in firstEdge
  let lo = 0; let hi = count - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (firstEdge[mid] <= e) lo = mid; else hi = mid - 1; }
  return lo;
}
// The biggest retainers that are not a synthetic root and not wholly inside a bigger one listed: walk down from the
// root, listing a node when it retains ≥ 1 MB and no child of it retains more than half of it.
console.log(`\nobjects retaining ≥ 1 MB where the weight splits (MB retained, self, path from the roots)`);
const children = new Map();
for (const n of order) if (n !== 0) { const d = idom[n]; if (!children.has(d)) children.set(d, []); children.get(d).push(n); }
const listed = [];
const walk = (n) => {
  const kids = (children.get(n) ?? []).filter((k) => retained[k] >= 1e6).sort((a, b) => retained[b] - retained[a]);
  if (typeOf(n) !== 'synthetic' && (kids.length === 0 || retained[kids[0]] < retained[n] / 2)) listed.push(n);
  for (const k of kids) walk(k);
};
walk(0);
for (const n of listed.sort((a, b) => retained[b] - retained[a]).slice(0, top)) {
  console.log(`${mb(retained[n]).padStart(8)} ${mb(selfOf(n)).padStart(7)}  ${typeOf(n)} ${String(nameOf(n)).slice(0, 50).replace(/\s+/g, ' ')}  ← ${pathTo(n).slice(-160)}`);
}
