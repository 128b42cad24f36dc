// App-wide keys: N new link, / search, ? the shortcuts sheet, Ctrl/Cmd+K command palette. Typing
// in a field is never taken over (N, / and ? only act outside text inputs). SHORTCUTS lists them all
// for the sheet, with the list's own keys.
import { useEffect } from 'react';
import { useNavigation } from '../session/navigation-store.ts';
import { isDialogOpen, isTypingTarget } from '../ui/typing-target.ts';

export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const nav = useNavigation.getState();
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        nav.setPaletteOpen(!nav.paletteOpen);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (isDialogOpen()) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        nav.go('links');
        nav.openLinkEditor({ mode: 'new' });
      } else if (event.key === '?') {
        event.preventDefault();
        nav.setShortcutsOpen(true);
      } else if (event.key === '/') {
        event.preventDefault();
        if (nav.view !== 'links' && nav.view !== 'domains' && nav.view !== 'handlers') nav.go('links');
        // The list's search box carries this id in every list view.
        requestAnimationFrame(() => document.getElementById('list-search')?.focus());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Every shortcut, as the sheet shows them (keys as the platform names them). */
export function shortcutList(mac: boolean): { keys: string; what: string }[] {
  const mod = mac ? '⌘' : 'Ctrl';
  return [
    { keys: 'N', what: 'New link' },
    { keys: '/', what: 'Search the list' },
    { keys: `${mod}+K`, what: 'Find a link or a screen (command palette)' },
    { keys: '?', what: 'This list of shortcuts' },
    { keys: '↑ ↓ Home End', what: 'Move between rows of a list' },
    { keys: 'Enter', what: 'Open the focused row' },
    { keys: 'Tab', what: 'Reach the focused row’s buttons' },
    { keys: `${mod}+C`, what: 'Copy the focused link’s short URL' },
    { keys: 'Esc', what: 'Close a dialog (asks first when it holds changes)' },
    { keys: 'F6', what: 'Go to notifications' },
  ];
}
