// GET /api/user: the account behind the key, as real deployments answer it (the document has no
// such call; real-service-notes.md). The client reads the time zone from it for schedule dates.
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from './deps.ts';
import { ApiError } from './errors.ts';

export function registerUserRoutes(api: FastifyInstance, deps: SandboxDeps): void {
  api.get('/user', async (request) => {
    const account = deps.store.accounts.get(request.sandboxAccountId);
    if (!account) throw new ApiError(404, 'Account not found');
    return {
      data: {
        id: account.id,
        name: 'Sandbox user',
        email: 'sandbox@linkdock.invalid',
        language: 'english',
        timezone: deps.accountZone(account.id),
        plan_id: 'custom',
        datetime: account.datetime,
      },
    };
  });
}
