// The service client of one workspace: list/read/create/update/delete on every resource of the
// contract's resource table (links, domains, notification handlers), the account and a link's
// statistics (real deployments' calls), within the workspace's request budget, with every answer
// normalised to the contract's shapes and every failure turned into a CallError of a service kind.
import type { Dispatcher, FormData } from 'undici';
import { RESULTS_PER_PAGE, DEFAULT_PAGE, DEFAULT_RESULTS_PER_PAGE } from '../../src-preload/contract/api-rules.ts';
import { isApiKeyText, type ConnectionTest } from '../../src-preload/contract/calls.ts';
import { CallError } from '../../src-preload/contract/errors.ts';
import { RESOURCE_PATHS, type ResourceName } from '../../src-preload/contract/resource-names.ts';
import { RESOURCE_TABLE } from '../../src-preload/contract/resource-table.ts';
import type { Account, Created, ListEnvelope, Updated } from '../../src-preload/contract/resources.ts';
import type { ListingPage } from '../../src-preload/contract/calls.ts';
import type { Statistics, StatisticsQuery } from '../../src-preload/contract/statistics.ts';
import { RequestBudget, type BudgetSlot } from './budget.ts';
import { markChecked } from './checked-output.ts';
import { PROBE_PATH, runConnectionTest } from './connection-test.ts';
import { invalid, isErrorBodyWithOkStatus, serviceError, serviceMessage } from './errors.ts';
import { normaliseCreated, normaliseList, normaliseSingle, normaliseUpdated, parseBody, type ParsedBody, normaliseAccount } from './normalise.ts';
import { normaliseBaseUrl } from './base-url.ts';
import { RESOURCE_CODECS } from './resource-codecs.ts';
import { digestOf, ReadPages } from './unchanged-pages.ts';
import { send, type Method, type NetworkRoute, type RawAnswer, type Timers } from './transport.ts';
import { answerError, WRITES, type Exchange } from './answer-errors.ts';
import { readStatisticsAnswer, STATISTICS_MISSING_MS, statisticsNotAvailable, statisticsPath } from './statistics-answer.ts';
import type { ListQuery, RequestEvent, RequestKind, RequestOptions, ResourceClient, ServiceClientOptions } from './client-types.ts';

export type { ListQuery, RequestEvent, RequestKind, RequestOptions, ResourceClient, ServiceClientOptions } from './client-types.ts';
export type { LinkUpdateRequest } from './multipart.ts';

const DEFAULT_TIMEOUT_MS = 20_000;

function checkId(id: unknown, resource: ResourceName): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw invalid(`Not a valid ${resource} id: ${String(id)}`);
  }
  return id;
}

export class ServiceClient {
  readonly budget: RequestBudget;
  readonly #base: URL;
  readonly #apiKey: string;
  readonly #keyOrigin: string;
  readonly #timeoutMs: number;
  readonly #dispatcher: Dispatcher | NetworkRoute | undefined;
  readonly #onRequest: ((event: RequestEvent) => void) | undefined;
  /** What each listing page read for the window hashed to, by address (unchanged-pages.ts). */
  readonly #readPages = new ReadPages();
  /** Until when (epoch ms) the service is known to have no statistics call. */
  #statisticsMissingUntil = 0;
  readonly #timers: Timers | undefined;

  constructor(options: ServiceClientOptions) {
    this.#base = normaliseBaseUrl(options.baseUrl);
    // Checked here so a key that cannot go in a header fails clearly instead of as a network error.
    if (typeof options.apiKey !== 'string' || !isApiKeyText(options.apiKey.trim())) {
      throw invalid('An API key is required, without spaces or control characters.');
    }
    this.#apiKey = options.apiKey.trim();
    this.#keyOrigin = options.keyOrigin ?? this.#base.origin;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.budget = options.budget ?? new RequestBudget();
    this.#dispatcher = options.dispatcher;
    this.#onRequest = options.onRequest;
    this.#timers = options.timers;
  }

  get baseUrl(): string {
    return this.#base.href;
  }

  /** The verbs on one resource; the table says where it lives, the codec how it is read and written. */
  resource<R extends ResourceName>(name: R): ResourceClient<R> {
    const codec = RESOURCE_CODECS[name];
    return {
      list: (query = {}, o) => this.#list(name, query, codec.read, o),
      get: (id, o) => this.#get(name, id, codec.read, o),
      create: (input, o) => this.#create(name, () => codec.create(input), o),
      update: (id, input, o) => this.#update(name, id, () => codec.update(input), o),
      delete: (id, o) => this.#delete(name, id, o),
    };
  }

  /**
   * The account behind the key (`GET /api/user`, real deployments only); null where the service
   * has no such call (404, or a web page where JSON was expected).
   */
  async getAccount(o?: RequestOptions): Promise<Account | null> {
    let answer: Exchange;
    try {
      answer = await this.#exchange('read', 'links', this.#url('api/user'), 'GET', undefined, o);
    } catch (error) {
      if (error instanceof CallError && (error.kind === 'not-found' || (error.kind === 'bad-response' && (error.data.status ?? 500) < 500))) return null;
      throw error;
    }
    return answer.body.kind === 'json' ? normaliseAccount(answer.body.value) : null;
  }

  /**
   * A link's click statistics between two days (`GET /api/statistics/{id}`, real deployments only).
   * `not-available` where the service has no such call (remembered for STATISTICS_MISSING_MS, so
   * asking for many links costs one or two requests, not two per link); `not-found` for a link the
   * service does not have.
   */
  async statistics(linkId: number, query: StatisticsQuery, o?: RequestOptions): Promise<Statistics> {
    const id = checkId(linkId, 'links');
    const url = this.#url(statisticsPath(id, query));
    if (Date.now() < this.#statisticsMissingUntil) throw statisticsNotAvailable();
    const exchange = async (kind: RequestKind, target: URL): Promise<Exchange> => {
      const answer = await this.#exchangeRaw(kind, 'links', target, 'GET', undefined, o);
      return { status: answer.status, headers: answer.headers, body: parseBody(answer.text) };
    };
    try {
      return await readStatisticsAnswer(
        await exchange('statistics', url),
        { linkId: id, startDate: query.startDate, endDate: query.endDate, type: query.type },
        {
          readLink: () => exchange('read', this.#url(`${this.#collection('links')}/${id}`)),
          failure: (kind, answer) => this.#failure(kind, answer, o),
        },
      );
    } catch (error) {
      if (error instanceof CallError && error.kind === 'not-available') this.#statisticsMissingUntil = Date.now() + STATISTICS_MISSING_MS;
      throw error;
    }
  }

  /** Tells apart bad key, unreachable host, TLS failure, timeout, not this API, and OK. */
  testConnection(o?: RequestOptions): Promise<ConnectionTest> {
    return runConnectionTest((url) => this.#exchangeRaw('probe', 'domains', url, 'GET', undefined, o), this.#probeUrl());
  }

  // Internals

  #url(relative: string): URL {
    const url = new URL(relative, this.#base);
    // Requests go only to the workspace's own base URL: the key is never sent anywhere else.
    if (url.origin !== this.#base.origin || !url.pathname.startsWith(this.#base.pathname)) {
      throw invalid('Refusing to send a request outside the workspace address.');
    }
    return url;
  }

  #collection(resource: ResourceName): string {
    return `api/${RESOURCE_PATHS[resource]}`;
  }

  #probeUrl(): URL {
    return this.#url(PROBE_PATH);
  }

  async #list<T>(resource: ResourceName, query: ListQuery, item: (raw: unknown) => T, o?: RequestOptions): Promise<ListEnvelope<T>> {
    const { url, page, resultsPerPage } = this.#listUrl(resource, query);
    return this.#listOf(resource, await this.#exchange('list', resource, url, 'GET', undefined, o), page, resultsPerPage, item);
  }

  #listUrl(resource: ResourceName, query: ListQuery): { url: URL; page: number; resultsPerPage: number } {
    const page = query?.page ?? DEFAULT_PAGE;
    const resultsPerPage = query?.resultsPerPage ?? DEFAULT_RESULTS_PER_PAGE;
    if (!Number.isSafeInteger(page) || page < 1) throw invalid(`Not a valid page number: ${String(page)}`);
    if (!(RESULTS_PER_PAGE as readonly number[]).includes(resultsPerPage)) {
      throw invalid(`results per page must be one of ${RESULTS_PER_PAGE.join(', ')}`);
    }
    return { url: this.#url(`${this.#collection(resource)}/?page=${page}&results_per_page=${resultsPerPage}`), page, resultsPerPage };
  }

  #listOf<T>(resource: ResourceName, answer: Exchange, page: number, resultsPerPage: number, item: (raw: unknown) => T): ListEnvelope<T> {
    const collection = this.#collection(resource);
    const list = normaliseList(this.#json(answer), item, {
      page,
      resultsPerPage,
      pageUrl: (n) => this.#url(`${collection}?page=${n}`).href,
    });
    // What normaliseList accepted satisfies the list schema: every item passed its read schema, the
    // meta ListMetaSchema, and the page links are strings or null by construction.
    return markChecked(list, RESOURCE_TABLE[resource].calls.list.output);
  }

  /**
   * A page of a listing main reads for the window (listing-streams.ts): as the list call reads it,
   * or only its ids and click counts when its rows hash as `known`, the window's copy. The same
   * bytes as last read at that address, which hashed to `known`, are not parsed again.
   */
  async listingPage(resource: ResourceName, query: ListQuery, known: string | undefined, o?: RequestOptions): Promise<ListingPage> {
    if (known === undefined) return { page: query.page ?? DEFAULT_PAGE, envelope: await this.resource(resource).list(query, o) };
    const { url, page, resultsPerPage } = this.#listUrl(resource, query);
    const raw = await this.#exchangeRaw('list', resource, url, 'GET', undefined, o);
    const digest = digestOf(raw.chunks);
    const same = raw.status >= 200 && raw.status < 300 ? this.#readPages.unchanged(url.href, digest, known) : null;
    if (same) return { page, unchanged: same };
    // (Any answer but a 2xx one throws here.)
    const read = RESOURCE_CODECS[resource].read as (raw: unknown) => unknown;
    const list = this.#listOf(resource, await this.#answered('list', raw, o), page, resultsPerPage, read);
    return this.#readPages.read(url.href, digest, page, list, known);
  }

  async #get<T>(resource: ResourceName, id: number, item: (raw: unknown) => T, o?: RequestOptions): Promise<T> {
    const url = this.#url(`${this.#collection(resource)}/${checkId(id, resource)}`);
    const answer = await this.#exchange('read', resource, url, 'GET', undefined, o);
    // As a list page: the item passed its read schema in normalise, the get call's output.
    return markChecked(normaliseSingle(this.#json(answer), item) as T & object, RESOURCE_TABLE[resource].calls.get.output);
  }

  async #create(resource: ResourceName, encode: () => FormData, o?: RequestOptions): Promise<Created> {
    const body = this.#encode(encode);
    const answer = await this.#exchange('create', resource, this.#url(this.#collection(resource)), 'POST', body, o);
    const json = this.#json(answer, true);
    try {
      return normaliseCreated(json);
    } catch (error) {
      // 2xx without an id: the row may well exist; the sync engine must reconcile, not resend blindly.
      if (error instanceof CallError) throw new CallError({ ...error.data, status: answer.status, maybeApplied: true });
      throw error;
    }
  }

  async #update(resource: ResourceName, id: number, encode: () => FormData, o?: RequestOptions): Promise<Updated> {
    const checked = checkId(id, resource);
    const body = this.#encode(encode);
    const url = this.#url(`${this.#collection(resource)}/${checked}`);
    const answer = await this.#exchange('update', resource, url, 'POST', body, o);
    if (answer.body.kind === 'html') {
      throw serviceError('bad-response', `The service answered the update with a web page (HTTP ${answer.status}) instead of JSON.`, {
        status: answer.status,
        maybeApplied: true,
      });
    }
    // An empty or unexpected body on a 2xx still means the update was accepted.
    return normaliseUpdated(answer.body.kind === 'json' ? answer.body.value : undefined, checked);
  }

  async #delete(resource: ResourceName, id: number, o?: RequestOptions): Promise<void> {
    const url = this.#url(`${this.#collection(resource)}/${checkId(id, resource)}`);
    // Delete answers 200 with an empty body (JSON content-type), which parses as 'empty'. A 200 with
    // an error body (refused in #exchange) or a web page is no confirmation: taken as one, the
    // delete would be dropped while the row stays on the service.
    const answer = await this.#exchange('delete', resource, url, 'DELETE', undefined, o);
    if (answer.body.kind === 'html') {
      throw serviceError('bad-response', `The service answered the delete with a web page (HTTP ${answer.status}) instead of JSON.`, {
        status: answer.status,
        maybeApplied: true,
      });
    }
  }

  #encode(encode: () => FormData): FormData {
    try {
      return encode();
    } catch (error) {
      if (error instanceof CallError) throw error;
      throw invalid(`The input could not be encoded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** JSON of a 2xx answer, or bad-response. */
  #json(answer: Exchange, write = false): unknown {
    if (answer.body.kind === 'json') return answer.body.value;
    const what = answer.body.kind === 'html' ? 'a web page' : answer.body.kind === 'empty' ? 'an empty answer' : 'something that is not JSON';
    throw serviceError('bad-response', `The service sent ${what} (HTTP ${answer.status}) where Linkdock expected JSON.`, {
      status: answer.status,
      ...(write ? { maybeApplied: true } : {}),
    });
  }

  /** One request and its answer, 2xx only; every other answer becomes a CallError. */
  async #exchange(kind: RequestKind, resource: ResourceName, url: URL, method: Method, body: FormData | undefined, o?: RequestOptions): Promise<Exchange> {
    return this.#answered(kind, await this.#exchangeRaw(kind, resource, url, method, body, o), o);
  }

  /** An answer parsed, 2xx only; every other answer becomes a CallError. */
  async #answered(kind: RequestKind, answer: RawAnswer, o?: RequestOptions): Promise<Exchange> {
    const parsed: ParsedBody = parseBody(answer.text);
    const exchange = { status: answer.status, headers: answer.headers, body: parsed };
    if (answer.status >= 200 && answer.status < 300) {
      // Upload errors come back as HTTP 200 {"message":[...],"status":"error"}.
      if (parsed.kind === 'json' && WRITES.has(kind) && isErrorBodyWithOkStatus(parsed.value)) {
        throw serviceError('validation', serviceMessage(parsed.value) ?? 'The service refused the change.', { status: answer.status });
      }
      return exchange;
    }
    throw await this.#failure(kind, exchange, o);
  }

  #failure(kind: RequestKind, answer: Exchange, o?: RequestOptions): Promise<CallError> {
    return answerError(kind, answer, {
      resetAt: () => this.budget.state().resetAt ?? undefined,
      checkKey: (status, said) => this.#resolveWrite401(status, said, o),
    });
  }

  /**
   * Real deployments answer validation failures with 401, like a bad key. One cheap read tells
   * which: key accepted -> the write was refused for its content; key refused -> unauthorized.
   */
  async #resolveWrite401(status: number, said: string | undefined, o?: RequestOptions): Promise<CallError> {
    try {
      const probe = await this.#exchangeRaw('probe', 'domains', this.#probeUrl(), 'GET', undefined, o);
      if (probe.status >= 200 && probe.status < 300) {
        return serviceError('validation', said ?? 'The service refused the change.', { status });
      }
      const parsed = parseBody(probe.text);
      if (probe.status === 401 || probe.status === 403) {
        const probeSaid = parsed.kind === 'json' ? serviceMessage(parsed.value) : undefined;
        return serviceError('unauthorized', probeSaid ?? said ?? 'The service refused the API key.', { status });
      }
      throw await this.#failure('probe', { status: probe.status, headers: probe.headers, body: parsed }, o);
    } catch (error) {
      if (error instanceof CallError) {
        // The write was refused (nothing applied); the key check itself failed: report that failure.
        return new CallError({
          ...error.data,
          message: `The service refused the change (${said ?? `HTTP ${status}`}); checking the key failed: ${error.message}`,
          maybeApplied: false,
        });
      }
      throw error;
    }
  }

  /** Budget slot, request, observer event: the raw answer of any status. */
  async #exchangeRaw(kind: RequestKind, resource: ResourceName, url: URL, method: Method, body: FormData | undefined, o?: RequestOptions): Promise<RawAnswer> {
    const slot: BudgetSlot = await this.budget.acquire({
      priority: o?.priority ?? 'interactive',
      wait: o?.waitForBudget ?? false,
      ...(o?.signal ? { signal: o.signal } : {}),
    });
    const started = performance.now();
    let status = 0;
    let failure: string | undefined;
    try {
      const answer = await send({
        url,
        method,
        apiKey: this.#apiKey,
        keyOrigin: this.#keyOrigin,
        ...(body ? { body } : {}),
        ...(this.#dispatcher ? { dispatcher: this.#dispatcher } : {}),
        timeoutMs: o?.timeoutMs ?? this.#timeoutMs,
        ...(o?.signal ? { signal: o.signal } : {}),
        ...(this.#timers ? { timers: this.#timers } : {}),
      });
      status = answer.status;
      slot.settle({ status: answer.status, headers: answer.headers });
      return answer;
    } catch (error) {
      slot.settle();
      failure = error instanceof CallError ? error.kind : 'error';
      throw error;
    } finally {
      const ms = Math.round(performance.now() - started);
      this.#emit({ kind, resource, method, path: url.pathname, status, ms, ...(failure ? { failure } : {}) });
    }
  }

  #emit(event: RequestEvent): void {
    try {
      this.#onRequest?.(event);
    } catch {
      // an observer's failure must not change the outcome of a request
    }
  }
}
