// The service client of the main process (see client.ts); pure helpers are exported for the sync
// engine and the IPC layer.
export { ServiceClient } from './client.ts';
export type { ListQuery, LinkUpdateRequest, RequestEvent, RequestKind, RequestOptions, ResourceClient, ServiceClientOptions } from './client.ts';
export { RequestBudget, systemClock } from './budget.ts';
export type { AcquireOptions, BudgetSlot, BudgetState, BudgetOptions, Clock, Priority } from './budget.ts';
export { testConnection } from './connection-test.ts';
export type { TestConnectionArgs } from './connection-test.ts';
export { buildShortUrl, tryBuildShortUrl, siteUrl } from './short-url.ts';
export type { ShortUrlArgs } from './short-url.ts';
export { normaliseBaseUrl } from './base-url.ts';
export { encodeDomainCreate, encodeDomainUpdate, encodeHandlerCreate, encodeHandlerUpdate, encodeLinkCreate, encodeLinkUpdate } from './multipart.ts';
export { normaliseDomain, normaliseHandler, normaliseLink } from './normalise.ts';
export { normaliseStatistics } from './normalise-statistics.ts';
export { STATISTICS_MISSING_MS } from './statistics-answer.ts';
