// Figure 1: a full pull of many links into Chromium's real IndexedDB (an on-disk profile, as
// Electron's), through the real renderer, contract (preview WebSocket), call router and service
// client, against the same pages fetched and JSON-parsed in Node with nothing stored (the raw
// baseline), at the engine's concurrency; then a second pull with nothing changed.
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startPreview } from '../../src-main/preview/preview-server.ts';
import { RESOURCES, resourceCallName } from '../../src-preload/contract/resource-names.ts';
import { mirrorDbName } from '../../src-renderer/sync/mirror/db.ts';
import { hasChromium } from '../../test/support/browser.ts';
import { launchCdpPage, type CdpPage } from '../lib/cdp-page.ts';
import { startChild } from '../lib/child.ts';
import { cpuBetween, cpuSnapshot, otherWorkBetween, type OtherWork } from '../lib/cpu.ts';
import { percentile, round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';
import { seedLinks } from './sandbox.ts';

const KEY = 'bench-key';
const CONCURRENCY = 4; // the engine's page concurrency
const NODE = 'Node (bench + main services)';
const SANDBOX = 'sandbox (Node)';

/** Installed before the renderer's own scripts: long tasks, and when each list call leaves the page and its answer arrives. */
function instrumentPage({
  expected,
  name,
  links,
  listCalls,
  pageCalls,
}: {
  expected: string;
  name: string;
  links: number;
  listCalls: string[];
  pageCalls: string[];
}): void {
  const marks = {
    lists: [] as number[],
    answers: [] as number[],
    longTasks: [] as { start: number; duration: number }[],
    /** When the list's total first read `expected` (every link shown). */
    shown: null as number | null,
    /** The start of the first check after that which found a click sample for every link. */
    complete: null as number | null,
  };
  const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
  /** Sample records (one per link after a first pull, as older builds wrote them), else links whose row (own or on a page) carries a sample. */
  const sampledLinks = async (): Promise<number> => {
    const db = await request(indexedDB.open(name));
    try {
      const records = await request(db.transaction('clickSamples').objectStore('clickSamples').count());
      if (records > 0) return records;
      const rows = (await request(db.transaction('links').objectStore('links').getAll())) as { clientId: string; samples?: { at: number[] } }[];
      const sampled = new Set(rows.filter((row) => (row.samples?.at.length ?? 0) > 0).map((row) => row.clientId));
      type Columns = { clientIds: string[]; samples: ({ at: number[] } | null)[] };
      const pages = (await request(db.transaction('linkPages').objectStore('linkPages').getAll())) as (Partial<Columns> & { textId?: string })[];
      const count = (page: Columns) => page.clientIds.forEach((clientId, i) => (page.samples[i]?.at.length ?? 0) > 0 && sampled.add(clientId));
      // A page whose columns were written with its text (link-rows.ts) has them in that record: read one at a time.
      const texts = db.transaction('pageTexts').objectStore('pageTexts');
      for (const page of pages) {
        if (page.clientIds && page.samples) count(page as Columns);
        else if (page.textId !== undefined) {
          // Its rows' columns as written ahead: each row new then, with one sample (link-rows.ts).
          const text = (await request(texts.get(page.textId))) as { columns?: { clientIds: string[] } } | undefined;
          for (const clientId of text?.columns?.clientIds ?? []) sampled.add(clientId);
        }
      }
      return sampled.size;
    } finally {
      db.close();
    }
  };
  const untilComplete = async () => {
    for (;;) {
      const started = Date.now();
      if ((await sampledLinks()) >= links) return (marks.complete = started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // Watched from inside the page, not asked over CDP every few ms: each question would be a task
  // on the very thread the figure times.
  const watch = new MutationObserver(() => {
    if (marks.shown !== null || !document.querySelector('.links-page .pager-total')?.textContent?.includes(expected)) return;
    marks.shown = Date.now();
    watch.disconnect();
    void untilComplete();
  });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { subtree: true, childList: true, characterData: true }), { once: true });
  const listIds = new Set<string>();
  const hooked = new WeakSet<WebSocket>();
  (globalThis as unknown as { __bench: typeof marks }).__bench = marks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the figure reports 0
  }
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    // The pull's list calls to the service only: the shell's own workspaces.list leaves ~270 ms
    // earlier, while the window is still opening its workspace (that time is "page load included").
    const called = typeof data === 'string' ? /"name":"([\w.]+)"/.exec(data)?.[1] : undefined;
    if (typeof data === 'string' && called !== undefined && listCalls.includes(called)) marks.lists.push(Date.now());
    // The links' pages: page 1 in links.list's answer, the rest in listing.next answers. (The domains'
    // and handlers' lists are read after the links are stored: their answers are no end of the listing.)
    if (typeof data === 'string' && called !== undefined && pageCalls.includes(called)) {
      const id = /"id":("[^"]*"|\d+)/.exec(data)?.[1];
      if (id) listIds.add(id);
    }
    if (!hooked.has(this)) {
      hooked.add(this);
      this.addEventListener('message', (event: MessageEvent) => {
        // (A listing's answer carries its pages' texts after its JSON: wire-codec.ts encodeWireSegments.)
        const id = typeof event.data === 'string' ? /^(?:S\{"value":)?\{"id":("[^"]*"|\d+)/.exec(event.data.slice(0, 80))?.[1] : undefined;
        if (id && listIds.delete(id)) marks.answers.push(Date.now());
      });
    }
    return send.call(this, data);
  };
}

interface AppRound {
  fromPullStartMs: number;
  withPageLoadMs: number;
  completeMs: number;
  secondPullMs: number;
  secondPullCpu: Record<string, number>;
  secondPullOther: OtherWork | null;
  longestTaskMs: number;
  /** First list call sent to last list answer in; and from then until the list shows them all. */
  listingMs: number;
  afterListingMs: number;
  cpu: Record<string, number>;
  /** What else the machine did meanwhile (other processes, the hypervisor's steal). */
  other: OtherWork | null;
  floor?: { rowsMs: number; pagesMs: number; textPagesMs: number };
}

export const syncFigure: Figure = {
  id: 'sync',
  title: 'Sync throughput: full pull into IndexedDB vs raw fetch',
  async run(context: BenchContext): Promise<FigureResult> {
    if (!hasChromium) throw new Error('no Chromium at /usr/bin/chromium (apt-get install chromium)');
    const sandbox = await startChild(['scripts/sandbox.ts', '--port', '0', '--key', KEY, '--data', ':memory:'], /Sandbox listening on (http:\S+)/);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'linkdock-bench-'));
    const preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir, logError: () => undefined });
    const named = new Map([[sandbox.process.pid!, SANDBOX]]);
    try {
      const base = `${sandbox.match[1]}/`;
      context.log(`seeding ${context.links} links`);
      await seedLinks(base, context.links);
      const pages = Math.ceil(context.links / 1000);
      const workspace = await preview.services.workspaces.add({ name: 'Bench', baseUrl: base, apiKey: KEY });
      await preview.services.store.setCurrent(workspace.id);

      // Rounds of each side in turn, each app round in a fresh on-disk profile (an empty mirror):
      // the load of other work on a shared machine drifts, and hits both sides alike. Five, not
      // three (until 2026-11-28): raw alone moved 2.9–3.6 s between runs, and a median of three
      // rounds moved by more than the margin the goal is judged on.
      const rounds = context.quick ? 1 : 5;
      const raws: { ms: number; cpu: Record<string, number>; other: OtherWork | null }[] = [];
      const apps: AppRound[] = [];
      for (let r = 0; r < rounds; r += 1) {
        const before = cpuSnapshot(named);
        const ms = await rawListing(base, pages);
        const after = cpuSnapshot(named);
        const cpu = cpuBetween(before, after, NODE);
        raws.push({ ms, cpu, other: otherWorkBetween(before, after, cpu) });
        apps.push(await appRound(preview.url, workspace.id, context.links, named, r === rounds - 1));
        context.log(
          `round ${r + 1}/${rounds}: raw ${round(ms)} ms, first pull ${round(apps[r]!.fromPullStartMs)} ms from its start (longest renderer task ${apps[r]!.longestTaskMs || 'under 50'} ms), second pull ${round(apps[r]!.secondPullMs)} ms`,
        );
      }
      const rawMs = median(raws.map((x) => x.ms));
      const ratio = (pick: (app: AppRound) => number) => round(median(apps.map((app, i) => pick(app) / raws[i]!.ms)), 2);
      const firstPullRatio = ratio((a) => a.fromPullStartMs);
      const { rowsMs: floorMs, pagesMs: pageFloorMs, textPagesMs: textFloorMs } = apps[apps.length - 1]!.floor!;
      const cpuValues: Record<string, number> = {};
      for (const kind of new Set(apps.flatMap((a) => Object.keys(a.cpu))).values()) {
        cpuValues[`CPU s during first pull: ${kind}`] = round(median(apps.map((a) => a.cpu[kind] ?? 0)), 2);
      }
      for (const kind of new Set(apps.flatMap((a) => Object.keys(a.secondPullCpu))).values()) {
        cpuValues[`CPU s during second pull: ${kind}`] = round(median(apps.map((a) => a.secondPullCpu[kind] ?? 0)), 2);
      }
      for (const kind of new Set(raws.flatMap((x) => Object.keys(x.cpu))).values()) {
        cpuValues[`CPU s during raw: ${kind}`] = round(median(raws.map((x) => x.cpu[kind] ?? 0)), 2);
      }
      // What else the machine did meanwhile: other processes, and the hypervisor running other machines.
      const otherOf = (label: string, others: (OtherWork | null)[]) => {
        const known = others.filter((other): other is OtherWork => other !== null);
        if (known.length === 0) return;
        cpuValues[`CPU s during ${label}: other processes on the machine`] = round(median(known.map((other) => other.otherProcesses)), 2);
        cpuValues[`CPU s during ${label}: taken by the hypervisor (steal)`] = round(median(known.map((other) => other.steal)), 2);
      };
      otherOf(
        'first pull',
        apps.map((a) => a.other),
      );
      otherOf(
        'second pull',
        apps.map((a) => a.secondPullOther),
      );
      otherOf(
        'raw',
        raws.map((x) => x.other),
      );
      const sum = (cpu: Record<string, number>) => Object.values(cpu).reduce((total, s) => total + s, 0);
      const appCpu = median(apps.map((a) => sum(a.cpu)));
      const secondCpu = median(apps.map((a) => sum(a.secondPullCpu)));
      const cores = os.cpus().length;
      const firstPullMs = median(apps.map((a) => a.withPageLoadMs));
      const otherCores = (others: (OtherWork | null)[], ms: number) => {
        const known = others.filter((other): other is OtherWork => other !== null);
        return known.length === 0 ? null : round((median(known.map((other) => other.otherProcesses + other.steal)) * 1000) / ms, 2);
      };
      const firstOther = otherCores(
        apps.map((a) => a.other),
        firstPullMs,
      );
      const secondOther = otherCores(
        apps.map((a) => a.secondPullOther),
        median(apps.map((a) => a.secondPullMs)),
      );
      // What 1.5× from the pull's start leaves Linkdock: the cores' time at that length, less the
      // sandbox's (the service serves the same pages to raw; on this machine it shares the cores).
      const sandboxCpu = median(apps.map((a) => a.cpu[SANDBOX] ?? 0));
      const pullBudget = (cores * 1.5 * rawMs) / 1000 - sandboxCpu;
      const linkdockCpu = appCpu - sandboxCpu;
      const pageLoadRatio = ratio((a) => a.withPageLoadMs);
      const completeRatio = ratio((a) => a.completeMs);
      const secondRatio = ratio((a) => a.secondPullMs);
      // The longest of every round's (not a median): the goal is that no pull has a task over 50 ms.
      const longestTask = round(Math.max(...apps.map((a) => a.longestTaskMs)));
      const goals: [string, boolean][] = [
        ['first pull ≤ 1.5× raw (from pull start)', firstPullRatio <= 1.5],
        ['page load included ≤ 2.0×', pageLoadRatio <= 2],
        ['complete ≤ 2.0×', completeRatio <= 2],
        ['second pull unchanged ≤ 1.2×', secondRatio <= 1.2],
        ['longest renderer task < 50 ms', longestTask < 50],
      ];
      return {
        id: 'sync',
        title: this.title,
        method:
          `${context.links.toLocaleString('en')} links in a sandbox (own process, no rate limit); ${rounds} rounds of each side in turn, medians ` +
          `(ratios: median of each round's ratio). App: the real renderer (web preview) in Chromium with an on-disk profile, as Electron keeps ` +
          `its IndexedDB, on an empty mirror; ${pages} list requests at 1,000 per page through the contract WebSocket, main's service client and ` +
          `the engine's pull. "From pull start": from the pull's first list call to the service (links, domains or handlers) leaving the page until the links list shows all of them; "page load ` +
          `included": from opening the page; "complete": from opening the page until the click samples are in the mirror too; "second pull ` +
          `unchanged": Sync now pressed with nothing changed on the service, until the links listing is applied (main's services run on from ` +
          `round to round, as they do in the app between pulls: from the second round on, main finds the pages' bytes as it last read ` +
          `them and does not parse them again). Raw: the same ${pages} pages ` +
          `fetched with undici in Node and JSON-parsed, ${CONCURRENCY} at a time, nothing stored. CPU seconds per process from /proc.` +
          ` "Listing" ends with the last answer that brings links pages (links.list, listing.next) before the list shows; "after the listing" is` +
          ` the links pull's one transaction and the list's index (until 2026-11-27 the` +
          ` domains' and handlers' answers ended "listing", which hid the transaction's ~1 s in it; since 2026-11-28 domains and handlers are` +
          ` listed before the links, inside "listing", where until then they were listed after the links' transaction, inside "after the listing").` +
          ` The page notes each moment itself (a MutationObserver on the list's total; one open connection reading the listing's mark every 20 ms): nothing asks the page over CDP while it works.` +
          ` Chromium is driven over a bare DevTools connection (bench/lib/cdp-page.ts), as no Electron window is watched: Playwright's network` +
          ` observation copied each contract frame into a DevTools event for Node to parse, about 3 CPU s and a fifth of the first pull's wall` +
          ` time (measured side by side on 2026-11-27; figures before that date carry it).`,
        values: {
          links: context.links,
          rounds,
          'raw fetch+parse ms': round(rawMs),
          'first pull from pull start ms': round(median(apps.map((a) => a.fromPullStartMs))),
          'first pull page load included ms': round(median(apps.map((a) => a.withPageLoadMs))),
          'complete ms': round(median(apps.map((a) => a.completeMs))),
          'second pull unchanged ms': round(median(apps.map((a) => a.secondPullMs))),
          'ratio first pull / raw (from pull start)': firstPullRatio,
          'ratio first pull / raw (page load included)': pageLoadRatio,
          'ratio complete / raw': completeRatio,
          'ratio second pull unchanged / raw': secondRatio,
          'longest renderer task during pull ms': longestTask,
          'first pull: listing (first list call to last answer) ms': round(median(apps.map((a) => a.listingMs))),
          'first pull: after the listing until shown ms': round(median(apps.map((a) => a.afterListingMs))),
          'floor: storing as many link rows in one IndexedDB transaction, ms': round(floorMs),
          'ratio floor/raw': round(floorMs / rawMs, 2),
          'floor: the same rows 1,000 to a record (page layout), ms': round(pageFloorMs),
          'ratio page-layout floor/raw': round(pageFloorMs / rawMs, 2),
          'floor: the same pages each as one JSON text (as the mirror stores them), ms': round(textFloorMs),
          'ratio page-text floor/raw': round(textFloorMs / rawMs, 2),
          ...cpuValues,
        },
        goal: { text: goals.map(([text, met]) => `${text} (${met ? 'met' : 'not met'})`).join('; '), met: goals.every(([, met]) => met) },
        notes:
          `The floor is raw IndexedDB in the same Chromium, nothing else running: as many copies of a mirrored link row (same shape, same ` +
          `indexes) put in one transaction; it is ${round(floorMs / rawMs, 2)}× raw, so with one record per link the goal is ` +
          `${floorMs / rawMs > 1.5 ? 'out of reach on storage alone' : 'not ruled out by storage'}; the same rows 1,000 to a record ` +
          `cost ${round(pageFloorMs / rawMs, 2)}× raw to store, and as one JSON text a page (how the mirror stores them) ` +
          `${round(textFloorMs / rawMs, 2)}×. From opening the page until complete the app costs ${round(appCpu, 1)} CPU s ` +
          `over all processes (raw: ${round(median(raws.map((x) => sum(x.cpu))), 1)} s) on ${cores} cores ` +
          `shared with other work; at least ${round((appCpu / cores) * 1000)} ms of wall time even with every core to itself, ` +
          `${round(((appCpu / cores) * 1000) / rawMs, 2)}× raw (the goal for page load included and complete is 2.0×). The second pull costs ` +
          `${round(secondCpu, 1)} CPU s: at least ${round((secondCpu / cores) * 1000)} ms, ${round(((secondCpu / cores) * 1000) / rawMs, 2)}× raw.` +
          ` At 1.5× raw from the pull's start (${round(1.5 * rawMs)} ms) the ${cores} cores hold ${round((cores * 1.5 * rawMs) / 1000, 1)} CPU s;` +
          ` the sandbox took ${round(sandboxCpu, 1)} s of the run (it serves raw the same pages), leaving ${round(pullBudget, 1)} s for` +
          ` Linkdock's processes (main's services, in one Node process with the bench's driver; the renderer; Chromium's browser, network and GPU processes), which spent` +
          ` ${round(linkdockCpu, 1)} s from opening the page until complete (the page's load included: /proc is not read at the pull's start,` +
          ` as that would mean asking the page while it works)` +
          (linkdockCpu > pullBudget
            ? `, ${round(linkdockCpu - pullBudget, 1)} s more than that share counting the load: the goal is a matter of the app's CPU, not of a floor measured here (storing page texts costs ${round(textFloorMs / rawMs, 2)}× raw).`
            : ', within that share.') +
          (firstOther === null
            ? ''
            : ` Other work took ${firstOther} of the ${cores} cores on average during the first pull and ${secondOther} during the second ` +
              `(other processes on the machine and the hypervisor's steal): the app had that much less.`) +
          ` The longest task is wall time, so it stretches by whatever else runs on its core meanwhile; the Long Tasks API the page ` +
          `observes reports only tasks of 50 ms or more, so 0 means that no task reached 50 ms. The figure is the longest of all rounds, not their median (until 2026-11-28 it was the median; rounds: ${apps.map((a) => a.longestTaskMs).join(', ')} ms).`,
      };
    } finally {
      await preview.close();
      await sandbox.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

const median = (values: number[]) => percentile(values, 50);

/** One first pull on an empty mirror in a fresh profile, then a pull with nothing changed. */
async function appRound(url: string, workspaceId: string, links: number, named: ReadonlyMap<number, string>, withFloor: boolean): Promise<AppRound> {
  const profile = await mkdtemp(path.join(tmpdir(), 'linkdock-bench-profile-'));
  // A bare DevTools connection, not Playwright: see cdp-page.ts (its network observation would be
  // charged to the app).
  const page = await launchCdpPage(profile);
  try {
    const name = mirrorDbName(workspaceId);
    await page.addInitScript(instrumentPage, {
      expected: `of ${links.toLocaleString('en')} links`,
      name,
      links,
      listCalls: RESOURCES.map((resource) => resourceCallName(resource, 'list')),
      pageCalls: [resourceCallName('links', 'list'), 'listing.next'],
    });
    const cpuBefore = cpuSnapshot(named);
    const opened = Date.now();
    await page.goto(url);
    const deadline = performance.now() + 600_000;
    // The page notes when the list shows them all, and when the click samples are in the mirror
    // too ("complete"); asked rarely, so as not to load what is timed.
    type Marks = { lists: number[]; answers: number[]; longTasks: { start: number; duration: number }[]; shown: number | null; complete: number | null };
    const marksNow = () => page.evaluate(() => (globalThis as unknown as { __bench: Marks }).__bench, null);
    let marks: Marks;
    while ((marks = await marksNow()).complete === null) {
      if (performance.now() > deadline)
        throw new Error(marks.shown === null ? 'the pull did not finish in 10 minutes' : 'the click samples were not written in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const shown = marks.shown!;
    const complete = marks.complete;
    const cpuAfter = cpuSnapshot(named);
    const cpu = cpuBetween(cpuBefore, cpuAfter, NODE);
    const pullStart = marks.lists[0] ?? opened;
    const lastAnswer = Math.max(pullStart, ...marks.answers.filter((t) => t <= shown));
    const longest = Math.max(0, ...marks.longTasks.filter((t) => t.start >= pullStart && t.start <= shown).map((t) => t.duration));
    const { ms: secondPullMs, cpu: secondPullCpu, other: secondPullOther } = await secondPull(page, name, named);
    const floor = withFloor ? await storeFloor(page, name, links) : undefined;
    return {
      fromPullStartMs: shown - pullStart,
      withPageLoadMs: shown - opened,
      completeMs: complete - opened,
      secondPullMs,
      secondPullCpu,
      secondPullOther,
      longestTaskMs: longest,
      listingMs: lastAnswer - pullStart,
      afterListingMs: shown - lastAnswer,
      cpu,
      other: otherWorkBetween(cpuBefore, cpuAfter, cpu),
      ...(floor === undefined ? {} : { floor }),
    };
  } finally {
    await page.close();
    // Chromium's last writes may still land as it exits: retried, and never in place of the round's own error.
    await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch((error: unknown) =>
      console.warn(`  could not remove the browser profile ${profile}: ${String(error)}`),
    );
  }
}

/** Sync now with nothing changed on the service: ms until the links listing is applied (its mark moves), and the CPU seconds meanwhile. */
async function secondPull(
  page: CdpPage,
  name: string,
  named: ReadonlyMap<number, string>,
): Promise<{ ms: number; cpu: Record<string, number>; other: OtherWork | null }> {
  /** The status bar's Sync now button: whether it is enabled, and pressed when `press`. */
  const syncNow = (press: boolean) =>
    page.evaluate((press) => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('footer[aria-label="Sync status"] button')].find(
        (b) => b.textContent?.trim() === 'Sync now',
      );
      if (!button) throw new Error('no Sync now button in the status bar');
      if (press) button.click();
      return !button.disabled;
    }, press);
  // A cycle still running (statistics after the first pull) would apply its own listing meanwhile.
  while (!(await syncNow(false))) await new Promise((resolve) => setTimeout(resolve, 50));
  // The page watches the listing's mark on one open connection and notes when it moves: one
  // small read every 20 ms in the page instead of a CDP round trip and a database opened each time.
  await page.evaluate((name) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    const state = globalThis as unknown as { __benchWatching: boolean; __benchPulled: Promise<number> };
    state.__benchWatching = false;
    state.__benchPulled = (async () => {
      const db = await request(indexedDB.open(name));
      const mark = async () =>
        ((await request(db.transaction('syncState').objectStore('syncState').get('lastPull:links'))) as { value?: unknown } | undefined)?.value;
      try {
        const before = JSON.stringify(await mark());
        state.__benchWatching = true;
        const deadline = performance.now() + 300_000;
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (JSON.stringify(await mark()) !== before) return Date.now();
          if (performance.now() > deadline) throw new Error('the second pull did not finish in 5 minutes');
        }
      } finally {
        db.close();
      }
    })();
  }, name);
  while (!(await page.evaluate(() => (globalThis as unknown as { __benchWatching: boolean }).__benchWatching, null))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const cpuBefore = cpuSnapshot(named);
  const started = Date.now();
  await syncNow(true);
  const applied = await page.evaluate(() => (globalThis as unknown as { __benchPulled: Promise<number> }).__benchPulled, null);
  const cpuAfter = cpuSnapshot(named);
  const cpu = cpuBetween(cpuBefore, cpuAfter, NODE);
  return { ms: applied - started, cpu, other: otherWorkBetween(cpuBefore, cpuAfter, cpu) };
}

async function rawListing(base: string, pages: number): Promise<number> {
  const started = performance.now();
  let next = 1;
  const worker = async () => {
    while (next <= pages) {
      const page = next++;
      const response = await request(`${base}api/links/?page=${page}&results_per_page=1000`, { headers: { authorization: `Bearer ${KEY}` } });
      const body = (await response.body.json()) as { data: unknown[] };
      if (!Array.isArray(body.data)) throw new Error('raw listing: no data');
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

/**
 * The cost of storing `count` mirrored link rows with nothing else going on: copies of a row the
 * pull wrote, put into a scratch database with the links table's key and index, one transaction;
 * and the same rows grouped 1,000 to a record (the page layout of #19 items 1 and 2).
 */
async function storeFloor(page: CdpPage, mirrorName: string, count: number): Promise<{ rowsMs: number; pagesMs: number; textPagesMs: number }> {
  return page.evaluate(
    async ({ mirrorName, count }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
      const mirror = await request(indexedDB.open(mirrorName));
      // A row as the mirror would keep it one record per link: the first row of the first page the pull stored.
      type Columns = { clientIds: string[]; samples: unknown[] };
      const stored = (await request(mirror.transaction('linkPages').objectStore('linkPages').openCursor()))!.value as Partial<Columns> & {
        text?: string;
        textId?: string;
        rows?: { id: number }[];
        at: number;
      };
      // The page's text (and its columns, when the page holds none) is a record of its own when
      // the listing wrote it ahead (link-rows.ts).
      const named =
        stored.textId === undefined
          ? undefined
          : ((await request(mirror.transaction('pageTexts').objectStore('pageTexts').get(stored.textId))) as {
              text: string;
              columns?: { clientIds: string[]; at: number; clicks: number[] };
            });
      const written = named?.columns;
      const columns: Columns = stored.clientIds
        ? (stored as Columns)
        : { clientIds: written!.clientIds, samples: written!.clicks.map((clicks) => ({ at: [written!.at], clicks: [clicks] })) };
      const first = { ...stored, ...columns };
      const text = named?.text ?? stored.text;
      const firstRows = first.rows ?? (JSON.parse(text!) as { id: number }[]);
      const sample = {
        clientId: first.clientIds[0]!,
        serverId: firstRows[0]!.id,
        base: firstRows[0],
        baseIsProvisional: false,
        local: {},
        writeOnly: {},
        deletedLocally: false,
        missingCount: 0,
        updatedAt: first.at,
        samples: first.samples[0],
      };
      mirror.close();
      const rows = Array.from({ length: count }, (_, i) => ({ ...structuredClone(sample), clientId: crypto.randomUUID(), serverId: i + 1 }));
      const opening = indexedDB.open('bench-store-floor', 1);
      opening.onupgradeneeded = () => {
        opening.result.createObjectStore('links', { keyPath: 'clientId' }).createIndex('serverId', 'serverId');
        opening.result.createObjectStore('pages', { keyPath: 'page' });
      };
      const scratch = await request(opening);
      const timed = async (name: string, records: unknown[]) => {
        const started = performance.now();
        const tx = scratch.transaction(name, 'readwrite');
        const store = tx.objectStore(name);
        for (const record of records) store.put(record);
        await new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
        return performance.now() - started;
      };
      const rowsMs = await timed('links', rows);
      const pages = Array.from({ length: Math.ceil(count / 1000) }, (_, p) => ({ page: p + 1, rows: rows.slice(p * 1000, p * 1000 + 1000) }));
      const pagesMs = await timed('pages', pages);
      // As the mirror keeps them: each page's rows as one JSON text (the listing made it to hash the page).
      const texts = pages.map(({ page, rows }) => ({ page, text: JSON.stringify(rows) }));
      const textPagesMs = await timed('pages', texts);
      scratch.close();
      await request(indexedDB.deleteDatabase('bench-store-floor'));
      return { rowsMs, pagesMs, textPagesMs };
    },
    { mirrorName, count },
  );
}
