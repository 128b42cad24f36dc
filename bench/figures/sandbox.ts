// Figure 7: the sandbox's list latency at 1,000 per page over many links, and its redirect
// throughput against a bare node:http server answering the same 302 (goal: ratio >= 0.5).
import autocannon from 'autocannon';
import { request } from 'undici';
import { startChild } from '../lib/child.ts';
import { percentile, round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

const KEY = 'bench-key';
const DESTINATION = 'https://example.com/landing';
// Enough connections that both servers, not the round trip, set the pace.
const CONNECTIONS = 50;

export const sandboxFigure: Figure = {
  id: 'sandbox',
  title: 'Sandbox: list latency and redirect throughput',
  async run(context: BenchContext): Promise<FigureResult> {
    const sandbox = await startChild(['scripts/sandbox.ts', '--port', '0', '--key', KEY, '--data', ':memory:'], /Sandbox listening on (http:\S+)/);
    const bare = await startChild(['bench/bare-redirect-server.ts', DESTINATION], /bare listening on (\d+)/);
    try {
      const base = `${sandbox.match[1]}/`;
      context.log(`seeding ${context.links} links through the API (bulk creates of 1,000)`);
      await seedLinks(base, context.links);
      await create(base, { location_url: DESTINATION, url: 'bench-redirect', http_status_code: '302' });

      const pages = Math.ceil(context.links / 1000);
      const rounds = context.quick ? 2 : 10;
      const samples: number[] = [];
      for (let r = 0; r < rounds; r += 1) {
        for (const page of [1, Math.ceil(pages / 2), pages]) samples.push(await timedList(base, page));
      }

      // Alternating rounds, median of each: drift on a shared machine hits both servers alike.
      const seconds = context.quick ? 1 : 5;
      const roundsOfLoad = context.quick ? 1 : 3;
      context.log(`redirect load: ${roundsOfLoad} alternating rounds of ${seconds} s against the sandbox and the bare server`);
      const sandboxRuns: { rps: number; non3xx: number }[] = [];
      const bareRuns: { rps: number; non3xx: number }[] = [];
      for (let r = 0; r < roundsOfLoad; r += 1) {
        sandboxRuns.push(await load(`${base}bench-redirect`, seconds));
        bareRuns.push(await load(`http://127.0.0.1:${bare.match[1]}/bench-redirect`, seconds));
      }
      const sandboxLoad = {
        rps: percentile(
          sandboxRuns.map((x) => x.rps),
          50,
        ),
        non3xx: sandboxRuns.reduce((n, x) => n + x.non3xx, 0),
      };
      const bareLoad = {
        rps: percentile(
          bareRuns.map((x) => x.rps),
          50,
        ),
      };
      const ratio = sandboxLoad.rps / bareLoad.rps;
      return {
        id: 'sandbox',
        title: this.title,
        method:
          `${context.links.toLocaleString('en')} links in an in-memory sandbox (own process). List: GET /api/links/?results_per_page=1000 ` +
          `on the first, middle and last page, ${rounds} rounds, timed at the client. Redirects: autocannon, ${CONNECTIONS} connections, ` +
          `${roundsOfLoad} alternating rounds of ${seconds} s (median), GET /<alias> on the sandbox (counts a click each) vs a bare node:http 302 server (own process).`,
        values: {
          'list p50 ms': round(percentile(samples, 50)),
          'list p95 ms': round(percentile(samples, 95)),
          'list max ms': round(Math.max(...samples)),
          'sandbox redirects/s': Math.round(sandboxLoad.rps),
          'bare node:http redirects/s': Math.round(bareLoad.rps),
          'ratio sandbox/bare': round(ratio, 2),
          'sandbox non-3xx answers': sandboxLoad.non3xx,
        },
        goal: { text: 'redirect throughput ratio ≥ 0.5', met: ratio >= 0.5 },
      };
    } finally {
      await sandbox.stop();
      await bare.stop();
    }
  },
};

async function create(base: string, fields: Record<string, string>): Promise<void> {
  // Node's own fetch and FormData: undici's request() can hang on a FormData body (nodejs/undici#5520).
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const response = await fetch(`${base}api/links`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`create failed (${response.status}): ${text}`);
}

export async function seedLinks(base: string, count: number): Promise<void> {
  for (let done = 0; done < count; done += 1000) {
    const lines = Array.from({ length: Math.min(1000, count - done) }, (_, i) => `https://example.com/item/${done + i}`);
    await create(base, { is_bulk: '1', location_urls: lines.join('\n') });
  }
}

async function timedList(base: string, page: number): Promise<number> {
  const started = performance.now();
  const response = await request(`${base}api/links/?results_per_page=1000&page=${page}`, { headers: { authorization: `Bearer ${KEY}` } });
  const body = (await response.body.json()) as { data: unknown[] };
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200 || !Array.isArray(body.data)) throw new Error(`list failed (${response.statusCode})`);
  return elapsed;
}

async function load(url: string, seconds: number): Promise<{ rps: number; non3xx: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: result.requests.average, non3xx: result.non2xx - result['3xx'] };
}
