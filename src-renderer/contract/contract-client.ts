// The renderer's typed view of the contract: calls return their output or throw CallError.
// It imports the contract's types and one pure parser only; the transport (Electron preload
// bridge, or the preview's WebSocket) is handed in.
import {
  CallError,
  CallResultSchema,
  type CallInput,
  type CallName,
  type CallOutput,
  type EventName,
  type EventPayload,
  type LinkdockBridge,
} from '../../src-preload/contract/index.ts';

export interface ContractApi {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createContractApi(bridge: LinkdockBridge): ContractApi {
  return {
    async call(name, input) {
      const raw = await bridge.invoke(name, input);
      const parsed = CallResultSchema.safeParse(raw);
      if (!parsed.success) {
        throw new CallError({ kind: 'internal', message: `Malformed answer to ${name}` });
      }
      if (!parsed.data.ok) throw new CallError(parsed.data.error);
      // Main validated the output against the contract before sending it (a listing's pages as rows,
      // before it made them text: contract/listed-page.ts).
      return parsed.data.value as CallOutput<typeof name>;
    },
    on(event, listener) {
      return bridge.subscribe(event, listener);
    },
  };
}
