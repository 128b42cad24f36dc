// The service client's options, the events it reports and what it offers on each resource
// (client.ts re-exports them).
import type { Dispatcher } from 'undici';
import type { ResultsPerPage } from '../../src-preload/contract/api-rules.ts';
import type { Priority } from '../../src-preload/contract/call-envelope.ts';
import type { ResourceName } from '../../src-preload/contract/resource-names.ts';
import type { ResourceCreateInput, ResourceList, ResourceRead, ResourceUpdateRequest } from '../../src-preload/contract/resource-table.ts';
import type { Created, Updated } from '../../src-preload/contract/resources.ts';
import type { RequestBudget } from './budget.ts';
import type { Method, NetworkRoute, Timers } from './transport.ts';

/** `statistics`: a link's statistics (real deployments' call), a read. */
export type RequestKind = 'list' | 'read' | 'create' | 'update' | 'delete' | 'probe' | 'statistics';

/** One request's outcome, for the budget's observers and the log: never the URL's query, a header or a body. */
export interface RequestEvent {
  kind: RequestKind;
  resource: ResourceName;
  method: Method;
  /** The URL's path (no origin, no query). */
  path: string;
  /** HTTP status, or 0 when no answer came (network failure, timeout, cancel). */
  status: number;
  ms: number;
  /** The error kind when no answer came (`offline`, `timeout`, `cancelled`, …). */
  failure?: string;
}

export interface ServiceClientOptions {
  /** Workspace base URL; may include a path; normalised to end in '/'. */
  baseUrl: string;
  apiKey: string;
  /** The origin the key is bound to (the vault's); default the base URL's. Requests elsewhere are refused. */
  keyOrigin?: string;
  /** Default 20 s. */
  timeoutMs?: number;
  /** Default: a new one. Share one per workspace between clients. */
  budget?: RequestBudget;
  /** A dispatcher (tests) or a route per URL (the app: the system's proxy and certificates); default: undici's global dispatcher. */
  dispatcher?: Dispatcher | NetworkRoute;
  onRequest?: (event: RequestEvent) => void;
  /** Where request timeouts are scheduled (default the process's timers). */
  timers?: Timers;
}

export interface RequestOptions {
  signal?: AbortSignal;
  priority?: Priority;
  /** Wait for the rate-limit window to reopen instead of failing with `rate-limited`. */
  waitForBudget?: boolean;
  timeoutMs?: number;
}

export interface ListQuery {
  page?: number;
  resultsPerPage?: ResultsPerPage;
}

/** The five verbs on one resource, typed by the contract's resource table. */
export interface ResourceClient<R extends ResourceName> {
  list(query?: ListQuery, o?: RequestOptions): Promise<ResourceList<R>>;
  get(id: number, o?: RequestOptions): Promise<ResourceRead<R>>;
  create(input: ResourceCreateInput<R>, o?: RequestOptions): Promise<Created>;
  /** For links the request carries `email_reports` (`[]` for none): leaving them out would clear them. */
  update(id: number, input: ResourceUpdateRequest<R>, o?: RequestOptions): Promise<Updated>;
  delete(id: number, o?: RequestOptions): Promise<void>;
}
