// An in-memory stand-in for main + the service behind the contract, for the engine's unit tests:
// it validates inputs with the contract's schemas, counts requests against the rate-limit window
// as main's budget does (the renderer counts nothing), hands out ids, answers 404 for unknown ids,
// pages with the documented list envelope, and lets a test inject faults (including "applied,
// but the answer was lost") and mutate data while a listing is under way.
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import {
  CallError,
  callSchema,
  RATE_WINDOW_MS,
  roomFor,
  type CallErrorData,
  type CallName,
  type EventName,
  type EventPayload,
  type ShortenRequest,
  type Domain,
  type Handler,
  type Link,
  type ListEnvelope,
  type ListingPage,
  type Priority,
  type RateLimitState,
  type ResourceName,
  type Statistics,
  type StatisticsQuery,
} from '../../../src-preload/contract/index.ts';
import { rangeDays } from '../../../src-renderer/sync/statistics/days.ts';
import { digestOf, ReadPages } from '../../../src-main/service/unchanged-pages.ts';
import { listingAnswer } from '../../../src-main/ipc/listing-answer.ts';

type Row = Link | Domain | Handler;

export interface Fault {
  /** Which call it hits. */
  match: (name: CallName, input: Record<string, unknown>) => boolean;
  error: CallErrorData;
  /** Apply the call first, then fail (the answer was lost on the way back). */
  applied?: boolean;
  /** How many calls it hits (default 1). */
  times?: number;
}

export interface RecordedCall {
  name: CallName;
  input: Record<string, unknown>;
}

export class FakeService {
  readonly rows: { links: Map<number, Link>; domains: Map<number, Domain>; handlers: Map<number, Handler> } = {
    links: new Map(),
    domains: new Map(),
    handlers: new Map(),
  };
  /** Write-only values the service keeps but never shows (e.g. email_reports), per link id. */
  readonly hidden = new Map<number, Record<string, unknown>>();
  readonly calls: RecordedCall[] = [];
  readonly faults: Fault[] = [];
  offline = false;
  keyValid = true;
  /**
   * Main's rate-limit window as its budget keeps it (what rateLimit.get answers, rateLimit.changed
   * reports): each resource call that reaches the service counts; one without room for its
   * priority is refused as main refuses it. A null remaining means main knows nothing yet: no limit.
   */
  rateLimit: RateLimitState = { workspaceId: 'ws', limit: 60, remaining: 60, resetAt: null };
  /** The clock main's budget reads; tests on a manual clock hand theirs in. */
  now: () => number = () => Date.now();
  /** Called before each call is handled; may mutate the data (e.g. mid-listing). */
  beforeCall: ((name: CallName, input: Record<string, unknown>) => void) | null = null;
  /**
   * How the service answers `statistics.get` for a link it has (null: a deployment without
   * statistics, answered `not-available` as main's client does).
   */
  statistics: ((link: Link, query: StatisticsQuery) => Statistics) | null = sampleStatistics;
  /** Shorten-from-clipboard requests main holds until the renderer acknowledges them. */
  readonly shortenQueue: ShortenRequest[] = [];
  private nextId = 1;
  private listeners = new Map<string, Set<(payload: unknown) => void>>();

  readonly api: ContractApi = {
    call: (async (name: CallName, input: unknown) => this.handle(name, input as Record<string, unknown>)) as ContractApi['call'],
    on: ((event: EventName, listener: (payload: unknown) => void) => {
      const set = this.listeners.get(event) ?? new Set();
      this.listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    }) as ContractApi['on'],
  };

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  emitRateLimit(state: Partial<RateLimitState>): void {
    this.rateLimit = { ...this.rateLimit, ...state };
    this.emit('rateLimit.changed', this.rateLimit);
  }

  fail(fault: Fault): void {
    this.faults.push(fault);
  }

  callsOf(name: CallName): RecordedCall[] {
    return this.calls.filter((c) => c.name === name);
  }

  seedLink(fields: Partial<Link> = {}): Link {
    const id = this.nextId++;
    const link: Link = {
      id,
      project_id: null,
      domain_id: 0,
      type: 'link',
      url: `seed${id}`,
      location_url: `https://example.com/${id}`,
      settings: { password: null, sensitive_content: false },
      clicks: 0,
      order: 0,
      start_date: null,
      end_date: null,
      datetime: '2026-01-01 00:00:00',
      ...fields,
    };
    this.rows.links.set(id, link);
    return link;
  }

  seedDomain(fields: Partial<Domain> = {}): Domain {
    const id = this.nextId++;
    const domain: Domain = {
      id,
      scheme: 'https://',
      host: `d${id}.example.com`,
      custom_index_url: '',
      is_enabled: true,
      last_datetime: null,
      datetime: '2026-01-01 00:00:00',
      ...fields,
    };
    this.rows.domains.set(id, domain);
    return domain;
  }

  seedHandler(fields: Partial<Handler> = {}): Handler {
    const id = this.nextId++;
    const handler: Handler = {
      id,
      type: 'email',
      name: `h${id}`,
      settings: { email: `h${id}@example.com` },
      is_enabled: true,
      last_datetime: null,
      datetime: '2026-01-01 00:00:00',
      ...fields,
    };
    this.rows.handlers.set(id, handler);
    return handler;
  }

  private async handle(name: CallName, input: Record<string, unknown>): Promise<unknown> {
    this.calls.push({ name, input: structuredClone(input) });
    this.beforeCall?.(name, input);
    const schema = callSchema(name);
    if (!schema) throw new Error(`no schema for ${name}`);
    const parsed = schema.input.safeParse(input);
    if (!parsed.success) {
      throw new CallError({
        kind: 'invalid-input',
        message: `Invalid input for ${name}`,
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    if (name === 'rateLimit.get') return this.rateLimit;
    if (name === 'listing.start' || name === 'listing.next' || name === 'listing.stop') return this.listing(name, parsed.data as Record<string, unknown>);
    if (name === 'links.shortenPending') return structuredClone(this.shortenQueue);
    if (name === 'links.shortenAccepted') {
      const index = this.shortenQueue.findIndex((r) => r.requestId === input.requestId);
      if (index >= 0) this.shortenQueue.splice(index, 1);
      return null;
    }
    if (name === 'workspaces.testConnection') {
      if (this.offline) return { outcome: 'unreachable', message: 'unreachable' };
      return this.keyValid ? { outcome: 'ok', message: 'ok' } : { outcome: 'bad-key', message: 'The key was refused' };
    }
    const [resource, verb] = name.split('.') as [ResourceName, string];
    this.checkRoom(input.priority === 'background' ? 'background' : 'interactive');
    // Nothing reached the service: main's slot goes back uncounted.
    if (this.offline) throw new CallError({ kind: 'offline', message: 'connection refused' });
    this.count(String(input.workspaceId));
    if (!this.keyValid) throw new CallError({ kind: 'unauthorized', message: 'Invalid API key', status: 401 });
    const faultIndex = this.faults.findIndex((f) => f.match(name, input));
    const fault = faultIndex >= 0 ? this.faults[faultIndex]! : null;
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) this.faults.splice(faultIndex, 1);
      if (!fault.applied) throw new CallError(fault.error);
      this.apply(resource, verb, parsed.data as Record<string, unknown>);
      throw new CallError(fault.error);
    }
    return this.apply(resource, verb, parsed.data as Record<string, unknown>);
  }

  /**
   * Main's listings (src-main/service/listing-streams.ts), read as main reads them: each page a
   * `<resource>.list` call (recorded, counted, faulted like one), `concurrency` pages a batch.
   */
  private readonly listings = new Map<string, { request: Record<string, unknown>; queue: number[] }>();
  /** Pages handed over as unchanged (their ids only). */
  unchangedPages = 0;
  /** Main's memory of the pages it read (unchanged-pages.ts). */
  private readonly readPages = new ReadPages();
  private listingIds = 0;

  private async listing(name: 'listing.start' | 'listing.next' | 'listing.stop', input: Record<string, unknown>): Promise<unknown> {
    if (name === 'listing.start') {
      const listingId = `fakelisting${String(++this.listingIds).padStart(8, '0')}`;
      this.listings.set(listingId, { request: input, queue: [...(input.pages as number[])] });
      return { listingId };
    }
    const listingId = input.listingId as string;
    const listing = this.listings.get(listingId);
    if (name === 'listing.stop') {
      this.listings.delete(listingId);
      return null;
    }
    if (!listing) throw new CallError({ kind: 'not-found', message: 'That listing is over: list again.' });
    const { workspaceId, priority, resource, resultsPerPage, concurrency } = listing.request;
    const known = new Map(((listing.request.known as { page: number; hash: string }[] | undefined) ?? []).map((k) => [k.page, k.hash]));
    const pages: ListingPage[] = [];
    for (let n = 0; n < ((concurrency as number | undefined) ?? 4) && listing.queue.length > 0; n++) {
      const page = listing.queue.shift()!;
      try {
        // Main's budget refuses a page before it is asked of the service (no list call then).
        this.checkRoom(priority === 'background' ? 'background' : 'interactive');
        const envelope = (await this.handle(`${resource as ResourceName}.list`, { workspaceId, priority, page, resultsPerPage })) as ListEnvelope<unknown>;
        // As main hands it over: a page listed as the window holds it, as its ids only.
        const hash = known.get(page);
        const address = `${resource as string}/${page}/${resultsPerPage as number}`;
        const handed: ListingPage =
          hash === undefined ? { page, envelope } : this.readPages.read(address, digestOf(JSON.stringify(envelope)), page, envelope, hash);
        if ('unchanged' in handed) this.unchangedPages++;
        pages.push(handed);
      } catch (error) {
        this.listings.delete(listingId);
        return listingAnswer(
          { pages, done: true, failure: { page, error: error instanceof CallError ? error.data : { kind: 'internal', message: String(error) } } },
          [],
        );
      }
    }
    const done = listing.queue.length === 0;
    if (done) this.listings.delete(listingId);
    // As main's router hands the answer over: pages of rows as listed pages (their text and heads).
    return listingAnswer({ pages, done, failure: null }, []);
  }

  /** Main's budget refuses a request the window has no room for (background ones leave the reserve). */
  private checkRoom(priority: Priority): void {
    const { resetAt, limit } = this.rateLimit;
    if (resetAt !== null && resetAt <= this.now()) this.emitRateLimit({ remaining: limit, resetAt: null });
    if (roomFor(priority, this.rateLimit) > 0) return;
    // Spent with no reset known: main estimates the window's end.
    const reopensAt = this.rateLimit.resetAt ?? this.now() + RATE_WINDOW_MS;
    if (this.rateLimit.resetAt === null) this.emitRateLimit({ resetAt: reopensAt });
    throw new CallError({ kind: 'rate-limited', message: "The service's request limit for this minute is used up.", resetAt: reopensAt });
  }

  /** The service's answer tells main one request fewer is left; main reports the change. */
  private count(workspaceId: string): void {
    const { remaining } = this.rateLimit;
    if (remaining !== null) this.emitRateLimit({ workspaceId, remaining: remaining - 1 });
  }

  private apply(resource: ResourceName, verb: string, input: Record<string, unknown>): unknown {
    if ((resource as string) === 'statistics') return this.answerStatistics(input);
    const table = this.rows[resource] as Map<number, Row>;
    const id = input.id as number;
    switch (verb) {
      case 'list': {
        const page = (input.page as number | undefined) ?? 1;
        const perPage = (input.resultsPerPage as number | undefined) ?? 25;
        const all = [...table.values()].sort((a, b) => a.id - b.id);
        const totalPages = Math.ceil(all.length / perPage);
        const url = (p: number) => `https://svc.test/api/${resource}?page=${p}`;
        return {
          data: structuredClone(all.slice((page - 1) * perPage, page * perPage)),
          meta: { page, results_per_page: perPage, total: all.length, total_pages: totalPages },
          links: {
            first: url(1),
            last: totalPages ? url(totalPages) : null,
            next: page < totalPages ? url(page + 1) : null,
            prev: page > 1 ? url(page - 1) : null,
            self: url(page),
          },
        };
      }
      case 'get': {
        const row = table.get(id);
        if (!row) throw notFound();
        return structuredClone(row);
      }
      case 'delete':
        if (!table.delete(id)) throw notFound();
        return null;
      case 'create':
        return { id: this.create(resource, input.input as Record<string, unknown>) };
      case 'update': {
        const row = table.get(id);
        if (!row) throw notFound();
        this.update(resource, row, input.input as Record<string, unknown>);
        return { id };
      }
    }
    throw new Error(`unhandled ${resource}.${verb}`);
  }

  private answerStatistics(input: Record<string, unknown>): Statistics {
    if (!this.statistics) throw new CallError({ kind: 'not-available', message: 'Statistics are not available on this service.', status: 404 });
    const link = this.rows.links.get(input.linkId as number);
    if (!link) throw new CallError({ kind: 'not-found', message: 'Link not found', status: 404 });
    return structuredClone(
      this.statistics(link, { startDate: input.startDate as string, endDate: input.endDate as string, type: input.type as StatisticsQuery['type'] }),
    );
  }

  private create(resource: ResourceName, input: Record<string, unknown>): number {
    const id = this.nextId++;
    if (resource === 'links') {
      const url = (input.url as string | undefined) || `r${id}`;
      const domainId = (input.domain_id as number | undefined) ?? 0;
      if ([...this.rows.links.values()].some((l) => l.url === url && l.domain_id === domainId)) throw validation('The alias is already taken.', 'url');
      this.rows.links.set(id, {
        id,
        project_id: (input.project_id as number | undefined) ?? null,
        domain_id: domainId,
        type: 'link',
        url,
        location_url: input.location_url as string,
        settings: { password: input.password ? 'hash' : null, sensitive_content: input.sensitive_content === true },
        clicks: 0,
        order: 0,
        start_date: (input.start_date as string | undefined) ?? null,
        end_date: (input.end_date as string | undefined) ?? null,
        datetime: '2026-02-02 02:02:02',
      });
      this.hidden.set(id, { email_reports: input.email_reports ?? [], clicks_limit: input.clicks_limit });
    } else if (resource === 'domains') {
      const host = input.host as string;
      if ([...this.rows.domains.values()].some((d) => d.host === host)) throw validation('The host is already added.', 'host');
      this.rows.domains.set(id, {
        id,
        scheme: 'https://',
        host,
        custom_index_url: (input.custom_index_url as string | undefined) ?? '',
        is_enabled: true,
        last_datetime: null,
        datetime: '2026-02-02 02:02:02',
      });
    } else {
      const type = input.type as Handler['type'];
      this.rows.handlers.set(id, {
        id,
        type,
        name: input.name as string,
        settings: type === 'email' ? { email: input.email as string } : {},
        is_enabled: true,
        last_datetime: null,
        datetime: '2026-02-02 02:02:02',
      });
    }
    return id;
  }

  private update(resource: ResourceName, row: Row, input: Record<string, unknown>): void {
    if (resource === 'links') {
      const link = row as Link;
      for (const key of ['url', 'location_url', 'domain_id', 'project_id', 'start_date', 'end_date'] as const) {
        if (input[key] !== undefined && !(key === 'url' && input[key] === '')) (link as Record<string, unknown>)[key] = input[key];
      }
      if (input.sensitive_content !== undefined) link.settings.sensitive_content = input.sensitive_content as boolean;
      // Fields a real read carries, when this link's read carries them.
      for (const key of ['email_reports', 'pixels_ids', 'is_enabled'] as const) {
        if (key in link && input[key] !== undefined) (link as Record<string, unknown>)[key] = input[key];
      }
      this.hidden.set(link.id, { ...this.hidden.get(link.id), ...Object.fromEntries(Object.entries(input).filter(([k]) => !(k in link))) });
    } else if (resource === 'domains') {
      const domain = row as Domain;
      for (const key of ['host', 'custom_index_url', 'is_enabled'] as const)
        if (input[key] !== undefined) (domain as Record<string, unknown>)[key] = input[key];
    } else {
      const handler = row as Handler;
      for (const key of ['name', 'type', 'is_enabled'] as const) if (input[key] !== undefined) (handler as Record<string, unknown>)[key] = input[key];
      if (input.email !== undefined) handler.settings.email = input.email as string;
    }
  }
}

/**
 * Default statistics: each day of an overview has (link id + day of month) % 4 clicks when the link
 * has any (visitors: half, rounded up); a breakdown has two rows; the hour of day one.
 */
export function sampleStatistics(link: Link, query: StatisticsQuery): Statistics {
  const head = { linkId: link.id, startDate: query.startDate, endDate: query.endDate };
  if (query.type === 'overview') {
    const rows = rangeDays(query).map((date) => {
      const pageviews = link.clicks > 0 ? (link.id + Number(date.slice(8))) % 4 : 0;
      return { date, label: date, pageviews, visitors: Math.ceil(pageviews / 2) };
    });
    return { ...head, type: 'overview', rows };
  }
  if (query.type === 'hour') return { ...head, type: 'hour', rows: link.clicks > 0 ? [{ hour: 9, pageviews: link.clicks }] : [] };
  const rows =
    link.clicks > 0
      ? [
          { value: `${query.type}-a`, pageviews: Math.ceil(link.clicks / 2) },
          { value: null, pageviews: Math.floor(link.clicks / 2) },
        ]
      : [];
  return { ...head, type: query.type, rows };
}

const notFound = () => new CallError({ kind: 'not-found', message: 'Not found', status: 404 });
const validation = (message: string, field: string) => new CallError({ kind: 'validation', message, status: 401, field });

export const onCall = (name: CallName) => (n: CallName) => n === name;
