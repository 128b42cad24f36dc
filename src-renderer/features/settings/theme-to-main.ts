// Main draws its own menus, dialogs and the title bar: it follows the window's theme choice
// (Settings → Appearance, kept in the window's storage) once told, and keeps it for the next start.
import { useEffect } from 'react';
import type { ContractApi } from '../../contract/contract-client.ts';
import { useThemeChoice } from '../../ui/theme-choice.ts';

/** Tells main the theme choice now and after every change; the app shell mounts it so main hears it at every start. */
export function useThemeToMain(api: ContractApi): void {
  const theme = useThemeChoice();
  useEffect(() => {
    // The window's own colours changed already; a main that did not hear it keeps its menus as they were, nothing more.
    api.call('desktop.setTheme', { theme }).catch(() => undefined);
  }, [api, theme]);
}
