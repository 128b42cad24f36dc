// Every repository over one database, handed to the routes as one object.
import { createAccountRepository } from './accounts.ts';
import { createClickStatsRepository } from './click-stats.ts';
import { createClickRepository } from './clicks.ts';
import { transaction, type Db } from './db.ts';
import { createDomainRepository } from './domains.ts';
import { createHandlerRepository } from './handlers.ts';
import { createLinkRepository } from './links.ts';
import { createUploadRepository } from './uploads.ts';

export function createStore(db: Db) {
  return {
    db,
    accounts: createAccountRepository(db),
    links: createLinkRepository(db),
    domains: createDomainRepository(db),
    handlers: createHandlerRepository(db),
    clicks: createClickRepository(db),
    clickStats: createClickStatsRepository(db),
    uploads: createUploadRepository(db),
    transaction<T>(fn: () => T): T {
      return transaction(db, fn);
    },
  };
}
export type Store = ReturnType<typeof createStore>;
