import { createContext, useContext, type ReactNode } from 'react';
import type { ContractApi } from '../contract/contract-client.ts';

const ApiContext = createContext<ContractApi | null>(null);

export function ApiProvider({ api, children }: { api: ContractApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The contract, as the renderer calls it. */
export function useApi(): ContractApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
