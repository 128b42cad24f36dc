// App-wide keys: N new link, / search, Ctrl/Cmd+K command palette. Typing in a field is never
// taken over (N and / only act outside text inputs).
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
