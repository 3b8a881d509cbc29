import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop, poissonArrivals } from '../../scripts/bench/lib/open-loop.mjs';

// The learners' load (scripts/bench/lib/open-loop.mjs, ADR 0070): Poisson arrivals, and latency counted from when a
// request was due, so a server that falls behind is charged for the queue it makes.
describe('open-loop load', () => {
  it('spreads arrivals like independent senders: the asked rate, exponential gaps, the same for the same seed', () => {
    const arrivals = poissonArrivals({ rate: 1000, seconds: 20, seed: 7 });
    expect(arrivals.length).toBeGreaterThan(19_400);
    expect(arrivals.length).toBeLessThan(20_600);
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    const deviation = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length);
    // An exponential gap's deviation equals its mean; evenly spaced arrivals have none, a burst per second far more.
    expect(mean).toBeCloseTo(1, 1);
    expect(deviation / mean).toBeGreaterThan(0.95);
    expect(deviation / mean).toBeLessThan(1.05);
    // No second holds a burst: every second's count is near the rate.
    const perSecond = new Array(20).fill(0);
    for (const at of arrivals) perSecond[Math.floor(at / 1000)] += 1;
    expect(Math.max(...perSecond)).toBeLessThan(1150);
    expect(poissonArrivals({ rate: 1000, seconds: 1, seed: 7 })).toEqual(arrivals.filter((at) => at < 1000));
    expect(poissonArrivals({ rate: 1000, seconds: 1, seed: 8 })).not.toEqual(arrivals.filter((at) => at < 1000));
  });

  describe('against a server that answers one request at a time', () => {
    let server: http.Server;
    let url: string;
    const served: string[] = [];
    beforeAll(async () => {
      let busyUntil = 0;
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          // 40 ms of work each, one after the other: 25 requests a second at most.
          busyUntil = Math.max(busyUntil, Date.now()) + 40;
          setTimeout(() => {
            served.push(Buffer.concat(chunks).toString('utf8'));
            res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
          }, busyUntil - Date.now());
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));

    it('counts the queue a slow server makes, which a timer from the write would hide', async () => {
      const answers: number[] = [];
      // 50 a second for 1 s against 25 a second: the last requests wait about a second for their turn.
      const result = await openLoop({
        url, rate: 50, seconds: 1, seed: 3, connections: 100,
        request: (i: number) => ({ method: 'POST', path: i % 10 === 9 ? '/missing' : '/report', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ i }) }),
        onResponse: (status: number) => answers.push(status),
      });
      expect(result.answered).toBe(result.sent);
      expect(result.unanswered).toBe(0);
      expect(answers).toHaveLength(result.sent);
      expect(result.statuses['404']).toBe(Math.floor(result.sent / 10));
      expect(served.slice(-result.sent).map((body) => JSON.parse(body).i).sort((a, b) => a - b)).toEqual([...Array(result.sent).keys()]);
      expect(result.latencyMs.p50).toBeGreaterThanOrEqual(40);
      // ~50 requests at 40 ms each end ~2 s after the first was due, ~1 s after the last.
      expect(result.latencyMs.max).toBeGreaterThan(600);
    });

    it('holds a request that finds every connection busy, and charges it for the wait', async () => {
      // One connection: requests queue on this side, not the server's; their latency still runs from when they were due.
      const result = await openLoop({ url, rate: 50, seconds: 0.5, seed: 5, connections: 1, request: () => ({ path: '/report' }) });
      expect(result.answered).toBe(result.sent);
      expect(result.latencyMs.max).toBeGreaterThan(300);
    });
  });
});
