// The names half of the resource table: which resources the service has, where each lives under
// `/api/`, and the verbs the contract offers on them. Zod-free on purpose: names.ts builds the
// preload's allow-list from it without bundling zod. resource-table.ts adds the schemas.

/**
 * The verbs of a resource, and whether each reads or writes: main lets a workspace's reads wait
 * for its writes in flight. The service offers all five on every resource (service-api.md).
 */
export const RESOURCE_VERBS = { list: 'read', get: 'read', create: 'write', update: 'write', delete: 'write' } as const;
export type ResourceVerb = keyof typeof RESOURCE_VERBS;
export type VerbAccess = (typeof RESOURCE_VERBS)[ResourceVerb];

/** Each resource's collection path under `/api/`. */
export const RESOURCE_PATHS = { links: 'links', domains: 'domains', handlers: 'notification-handlers' } as const;
export type ResourceName = keyof typeof RESOURCE_PATHS;

export const isResourceName = (value: string): value is ResourceName => Object.hasOwn(RESOURCE_PATHS, value);
export const isResourceVerb = (value: string): value is ResourceVerb => Object.hasOwn(RESOURCE_VERBS, value);

export const RESOURCES: readonly ResourceName[] = Object.keys(RESOURCE_PATHS).filter(isResourceName);
export const VERBS: readonly ResourceVerb[] = Object.keys(RESOURCE_VERBS).filter(isResourceVerb);

/** `links.list`, `domains.update`, …: one contract call per resource and verb. */
export type ResourceCallName = `${ResourceName}.${ResourceVerb}`;

export function resourceCallName<R extends ResourceName, V extends ResourceVerb>(resource: R, verb: V): `${R}.${V}` {
  return `${resource}.${verb}`;
}

const BY_NAME = new Map<string, { resource: ResourceName; verb: ResourceVerb }>(
  RESOURCES.flatMap((resource) => VERBS.map((verb) => [resourceCallName(resource, verb), { resource, verb }] as const)),
);

export const RESOURCE_CALL_NAMES: readonly ResourceCallName[] = RESOURCES.flatMap((resource) => VERBS.map((verb) => resourceCallName(resource, verb)));

/** The resource and verb a call name stands for; undefined for every other name. */
export function resourceCallOf(name: string): { resource: ResourceName; verb: ResourceVerb } | undefined {
  return BY_NAME.get(name);
}

export const isResourceCallName = (name: string): name is ResourceCallName => BY_NAME.has(name);

/** Calls whose results are the service's own data (resource calls, a listing's pages): JSON-born, normalised reads. */
export const isServiceDataCallName = (name: string): boolean => isResourceCallName(name) || name === 'listing.next';
