// Ctrl/Cmd+K: a searchable list of commands (new link, each view, sync now, switch workspace,
// open a link by alias), driven entirely by the keyboard: type, arrows, Enter, Escape.
// The tray cache updater lives here too because this component is mounted in the shell on every
// screen (it renders nothing).
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Autocomplete, Dialog, Heading, Input, Label, Menu, MenuItem, Modal, ModalOverlay, SearchField } from 'react-aria-components';
import { useNavigation, VIEWS } from '../session/navigation-store.ts';
import { useSession } from '../session/workspace-session.tsx';
import { VIEW_PAGES } from './views.tsx';
import { useWorkspaces } from '../session/use-workspaces.tsx';
import { linkSource } from '../features/links/link-source.ts';
import { queryLinks, NO_FILTERS, type LinkIndex } from '../features/links/link-index.ts';
import type { MirrorDb } from '../sync/index.ts';

export interface PaletteCommand {
  id: string;
  label: string;
  hint?: string;
  run: () => void;
}

const MAX_LINKS = 8;

export function CommandPalette() {
  const open = useNavigation((s) => s.paletteOpen);
  const setOpen = useNavigation((s) => s.setPaletteOpen);
  return (
    <>
      {open && (
        <ModalOverlay className="modal-overlay palette-overlay" isOpen onOpenChange={(isOpen) => !isOpen && setOpen(false)} isDismissable>
          <Modal className="modal modal-small palette">
            <Dialog className="dialog" aria-label="Command palette">
              <PaletteBody onDone={() => setOpen(false)} />
            </Dialog>
          </Modal>
        </ModalOverlay>
      )}
    </>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const session = useSession();
  const { workspaces, currentId, select } = useWorkspaces();
  const index = useIndex(session?.sync.db ?? null);
  const nav = useNavigation.getState;

  const commands = useMemo(() => {
    const list: PaletteCommand[] = [
      {
        id: 'new-link',
        label: 'New link',
        hint: 'N',
        run: () => {
          nav().go('links');
          nav().openLinkEditor({ mode: 'new' });
        },
      },
      ...VIEWS.map((view) => ({ id: `go-${view}`, label: `Go to ${VIEW_PAGES[view].label}`, run: () => nav().go(view) })),
      { id: 'shortcuts', label: 'Keyboard shortcuts', run: () => nav().setShortcutsOpen(true) },
    ];
    if (session) list.push({ id: 'sync-now', label: 'Sync now', run: () => void session.sync.syncNow() });
    for (const w of workspaces) {
      if (w.id !== currentId) list.push({ id: `workspace-${w.id}`, label: `Switch to workspace ${w.name}`, run: () => void select(w.id) });
    }
    return list;
  }, [session, workspaces, currentId, select, nav]);

  const items = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const matching = needle ? commands.filter((c) => c.label.toLowerCase().includes(needle)) : commands;
    const links: PaletteCommand[] = [];
    if (needle && index) {
      const aliasNeedle = needle.replace(/^open( link)?\s+/, '');
      for (const entry of queryLinks(index, new Map(), { ...NO_FILTERS, search: aliasNeedle, sort: 'alias', direction: 'asc' })) {
        if (!entry.alias.toLowerCase().includes(aliasNeedle)) continue;
        links.push({
          id: `link-${entry.clientId}`,
          label: `Open link ${entry.alias}`,
          hint: entry.destination,
          run: () => {
            nav().go('links');
            nav().openLinkDetail(entry.clientId);
          },
        });
        if (links.length >= MAX_LINKS) break;
      }
    }
    return [...matching, ...links];
  }, [text, commands, index, nav]);

  return (
    <>
      <Heading slot="title" className="visually-hidden">
        Command palette
      </Heading>
      <Autocomplete inputValue={text} onInputChange={setText}>
        <SearchField className="field palette-search" aria-label="Command" autoFocus>
          <Label className="visually-hidden">Command</Label>
          <Input placeholder="Type a command or a link alias…" />
        </SearchField>
        <Menu
          className="listbox palette-list"
          aria-label="Commands"
          items={items}
          onAction={(key) => {
            const command = items.find((c) => c.id === key);
            onDone();
            command?.run();
          }}
          renderEmptyState={() => <div className="empty">No command matches.</div>}
        >
          {(command) => (
            <MenuItem id={command.id} className="listbox-item palette-item" textValue={command.label}>
              <span>{command.label}</span>
              {command.hint && <span className="muted palette-hint">{command.hint}</span>}
            </MenuItem>
          )}
        </Menu>
      </Autocomplete>
    </>
  );
}

const NO_SOURCE = { subscribe: () => () => undefined, get: () => null };

function useIndex(db: MirrorDb | null): LinkIndex | null {
  const source = db ? linkSource(db) : null;
  return useSyncExternalStore(source?.subscribe ?? NO_SOURCE.subscribe, () => (source ? source.get().index : null));
}
