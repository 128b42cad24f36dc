// The sidebar: workspace switcher and navigation. It folds away to a thin rail: by choice on a wide
// window (remembered), by default on a narrow one (below 1024 px), where opening it lays it over the
// screen until a choice is made, Escape, or a click outside.
import { useEffect, useState } from 'react';
import { useNavigation, VIEWS } from '../session/navigation-store.ts';
import { useMediaQuery } from '../ui/use-media-query.ts';
import { WorkspaceSwitcher } from '../features/workspaces/WorkspaceSwitcher.tsx';
import { VIEW_PAGES } from './views.tsx';

const COLLAPSED_KEY = 'linkdock.sidebar.collapsed';
export const NARROW_WINDOW = '(max-width: 1023px)';

export function Sidebar() {
  const { view, go } = useNavigation();
  const narrow = useMediaQuery(NARROW_WINDOW);
  const [collapsedWide, setCollapsedWide] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [openNarrow, setOpenNarrow] = useState(false);
  const open = narrow ? openNarrow : !collapsedWide;
  const setOpen = (next: boolean) => {
    if (narrow) setOpenNarrow(next);
    else {
      setCollapsedWide(!next);
      localStorage.setItem(COLLAPSED_KEY, next ? '0' : '1');
    }
  };

  // Escape closes the laid-over sidebar (dialogs handle their own Escape first).
  useEffect(() => {
    if (!narrow || !openNarrow) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenNarrow(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [narrow, openNarrow]);
  // A narrow window that grows wide, and back, starts with the sidebar in its usual state
  // (adjusted while rendering, as React advises for state that follows a changed input).
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    setOpenNarrow(false);
  }

  const rail = (
    <div className="rail">
      <button type="button" className="rail-toggle" aria-label="Show navigation" aria-expanded={false} aria-controls="sidebar" onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰</span>
      </button>
    </div>
  );
  if (!open) return rail;
  const panel = (
    <nav id="sidebar" className={`sidebar${narrow ? ' sidebar-over' : ''}`} aria-label="Linkdock">
      <div className="brand">
        <span aria-hidden="true" className="brand-mark" />
        <span className="brand-name">Linkdock</span>
        <button type="button" className="rail-toggle" aria-label="Hide navigation" aria-expanded={true} aria-controls="sidebar" onClick={() => setOpen(false)}>
          <span aria-hidden="true">«</span>
        </button>
      </div>
      <WorkspaceSwitcher />
      <div className="nav">
        {VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            className="nav-item"
            aria-current={view === name ? 'page' : undefined}
            onClick={() => {
              go(name);
              if (narrow) setOpenNarrow(false);
            }}
          >
            {VIEW_PAGES[name].label}
          </button>
        ))}
      </div>
    </nav>
  );
  if (!narrow) return panel;
  return (
    <>
      {rail}
      <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setOpenNarrow(false)} />
      {panel}
    </>
  );
}
