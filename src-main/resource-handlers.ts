// The handlers of every resource call (`links.list`, `domains.update`, …), generated from the
// contract's resource table: each verb reads or writes through the workspace's write fence (as
// the table says) and runs on the workspace client's view of that resource.
import { RESOURCE_VERBS, type Priority, type ResourceName, type ResourceVerb, type ResultsPerPage } from '../src-preload/contract/index.ts';
import type { ResourceHandlers, ResourceVerbHandlers } from './ipc/call-router.ts';
import type { ListQuery, ResourceClient, ServiceClient } from './service/client.ts';
import type { WriteFence } from './workspaces/write-fence.ts';

export interface ResourceHandlerDeps {
  client: (workspaceId: string) => Promise<ServiceClient>;
  fence: WriteFence;
}

type Envelope = { workspaceId: string; priority?: Priority | undefined };

const opts = (args: Envelope) => ({ priority: args.priority ?? 'interactive' });
const page = (args: { page?: number | undefined; resultsPerPage?: ResultsPerPage | undefined }): ListQuery => ({
  ...(args.page !== undefined ? { page: args.page } : {}),
  ...(args.resultsPerPage !== undefined ? { resultsPerPage: args.resultsPerPage } : {}),
});

export function createResourceHandlers(deps: ResourceHandlerDeps): ResourceHandlers {
  return <R extends ResourceName>(resource: R): ResourceVerbHandlers<R> => {
    /** Reads wait for the workspace's writes in flight; writes hold reads back until they settle. */
    const run = <T>(verb: ResourceVerb, args: Envelope, task: (on: ResourceClient<R>) => Promise<T>): Promise<T> =>
      deps.fence[RESOURCE_VERBS[verb]](args.workspaceId, async () => task((await deps.client(args.workspaceId)).resource(resource)));
    return {
      list: (args) => run('list', args, (on) => on.list(page(args), opts(args))),
      get: (args) => run('get', args, (on) => on.get(args.id, opts(args))),
      create: (args) => run('create', args, (on) => on.create(args.input, opts(args))),
      update: (args) => run('update', args, (on) => on.update(args.id, args.input, opts(args))),
      delete: (args) =>
        run('delete', args, async (on) => {
          await on.delete(args.id, opts(args));
          return null;
        }),
    };
  };
}
