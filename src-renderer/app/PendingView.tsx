// Pending changes with the editors a failed domain or handler change opens in: the shell composes
// the features, so none of them imports another.
import { PendingPage } from '../features/pending/PendingPage.tsx';
import { DomainEditor } from '../features/domains/DomainEditor.tsx';
import { HandlerEditor } from '../features/handlers/HandlerEditor.tsx';

const EDITORS = { domains: DomainEditor, handlers: HandlerEditor };

export function PendingView() {
  return <PendingPage editors={EDITORS} />;
}
