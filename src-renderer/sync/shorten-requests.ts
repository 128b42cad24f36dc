// "Shorten URL from clipboard" and the Shorten window: main generated (or was given) the alias, put the short URL on the clipboard and
// asks the renderer to queue the link. Each request becomes exactly one outbox create (a repeated
// requestId, from another window or a re-sent event, finds the same row), then main is told.
import type { ContractApi } from '../contract/contract-client.ts';
import type { ShortenRequest } from '../../src-preload/contract/index.ts';
import { createRow, type EditContext } from './local-edits.ts';

export async function acceptShortenRequest(ctx: EditContext, request: ShortenRequest): Promise<string> {
  // domain_id: the server id of a domain the Shorten window offered (the tray cache's), or the main domain.
  return createRow(ctx, 'links', { location_url: request.location_url, url: request.url, domain_id: request.domain_id ?? 0 }, `shorten:${request.requestId}`);
}

/**
 * Handles requests for `workspaceId`: those main still holds, then each new one. An edit error
 * (invalid URL, full disk) is reported through `onError` and the request is left unacknowledged,
 * so main keeps it and can tell the user.
 */
export function handleShortenRequests(
  api: ContractApi,
  workspaceId: string,
  ctx: EditContext,
  onError: (request: ShortenRequest, error: unknown) => void = () => undefined,
): () => void {
  const accept = async (request: ShortenRequest) => {
    if (request.workspaceId !== workspaceId) return;
    try {
      await acceptShortenRequest(ctx, request);
    } catch (error) {
      onError(request, error);
      return;
    }
    // If the acknowledgement is lost, main sends the request again and the mirror finds the row.
    await api.call('links.shortenAccepted', { requestId: request.requestId }).catch(() => undefined);
  };
  const unsubscribe = api.on('links.shortenRequested', (request) => void accept(request));
  void api
    .call('links.shortenPending', {})
    .then(async (pending) => {
      for (const request of pending) await accept(request);
    })
    .catch(() => undefined);
  return unsubscribe;
}
