import { Suspense, useEffect } from 'react';
import { useApi } from '../session/api-context.tsx';
import { useNavigation, type View } from '../session/navigation-store.ts';
import { useSession } from '../session/workspace-session.tsx';
import { VIEW_PAGES } from './views.tsx';
import { useGlobalShortcuts } from './keyboard.ts';
import { StatusBar } from './StatusBar.tsx';
import { KeyRefusedBanner } from './KeyRefusedBanner.tsx';
import { CommandPalette } from './CommandPalette.tsx';
import { TrayCacheUpdater } from '../features/links/TrayCacheUpdater.tsx';
import { Sidebar } from './Sidebar.tsx';
import { ShortcutsSheet } from './ShortcutsSheet.tsx';
import { DeferredMount, Toasts } from '../ui/index.ts';
import { useWorkspaces } from '../session/use-workspaces.tsx';
import { ScreenBoundary } from './boundaries.tsx';
import { useThemeToMain } from '../features/settings/theme-to-main.ts';

const OpeningPage = () => <div className="page" aria-busy="true" />;

/** Sidebar (workspace, navigation), the current screen, and the sync status bar. */
export function AppShell() {
  const api = useApi();
  const { view, go } = useNavigation();
  const session = useSession();
  const { loaded, workspaces } = useWorkspaces();
  useGlobalShortcuts();
  // Main draws menus, dialogs and the title bar in the window's theme: told at every start and change.
  useThemeToMain(api);

  // The tray and the app menu ask for screens through main.
  useEffect(
    () =>
      api.on('app.navigate', ({ view: target }) => {
        if (target === 'new-link') {
          go('links');
          useNavigation.getState().openLinkEditor({ mode: 'new' });
        } else go(target as View);
      }),
    [api, go],
  );

  const current = VIEW_PAGES[view];
  const needsWorkspace = current.needsWorkspace && !session;
  return (
    <div className="shell">
      <Sidebar />
      <main className="main" aria-label={current.label}>
        {session && <KeyRefusedBanner />}
        {needsWorkspace ? (
          <div className="page">
            <div className="empty">
              {loaded && workspaces.length === 0 ? (
                <>
                  <p>Add a service to start.</p>
                  <button type="button" className="btn btn-primary" onClick={() => go('workspaces')}>
                    Add a service
                  </button>
                </>
              ) : (
                <p>Opening the workspace…</p>
              )}
            </div>
          </div>
        ) : (
          // A screen that throws (or whose code fails to load) fails alone, with Reload.
          <ScreenBoundary label={current.label} resetKey={`${view} ${session?.workspace.id ?? ''}`}>
            <Suspense fallback={<OpeningPage />}>
              {/* Mounted with the frame, the Links screen (its selects, its table) was one 60–100 ms
                  task as the app opened and the first pull started. Later screens mount at once. */}
              <DeferredMount fallback={<OpeningPage />}>
                <current.Page />
              </DeferredMount>
            </Suspense>
          </ScreenBoundary>
        )}
      </main>
      <footer className="statusbar" aria-label="Sync status">
        {session ? <StatusBar /> : <span>No workspace open</span>}
      </footer>
      <CommandPalette />
      <ShortcutsSheet />
      <Toasts />
      <TrayCacheUpdater />
    </div>
  );
}
