// How the service client reads and writes each resource of the contract's resource table: the
// normaliser that turns a real deployment's item into the read shape, and the multipart encoders
// of create and update. The rest of a resource (paths, verbs, schemas) comes from the table.
import type { FormData } from 'undici';
import type { ResourceName } from '../../src-preload/contract/resource-names.ts';
import type { ResourceCreateInput, ResourceRead, ResourceUpdateRequest } from '../../src-preload/contract/resource-table.ts';
import { encodeDomainCreate, encodeDomainUpdate, encodeHandlerCreate, encodeHandlerUpdate, encodeLinkCreate, encodeLinkUpdate } from './multipart.ts';
import { normaliseDomain, normaliseHandler, normaliseLink } from './normalise.ts';

export interface ResourceCodec<R extends ResourceName> {
  /** One item of a read or a list page, normalised and checked against the read schema. */
  read: (raw: unknown) => ResourceRead<R>;
  create: (input: ResourceCreateInput<R>) => FormData;
  update: (input: ResourceUpdateRequest<R>) => FormData;
}

export const RESOURCE_CODECS: { readonly [R in ResourceName]: ResourceCodec<R> } = {
  links: { read: normaliseLink, create: encodeLinkCreate, update: encodeLinkUpdate },
  domains: { read: normaliseDomain, create: encodeDomainCreate, update: encodeDomainUpdate },
  handlers: { read: normaliseHandler, create: encodeHandlerCreate, update: encodeHandlerUpdate },
};
