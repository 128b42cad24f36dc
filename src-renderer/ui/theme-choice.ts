// Light, dark, or as the system says: the choice is kept in this window's storage (a look, not
// data) and resolved onto <html data-theme>, which is all theme.css reads. "System" follows the
// system's changes as they happen.
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'linkdock.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function themeChoice(): ThemeChoice {
  const stored = globalThis.localStorage?.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  applyTheme();
  for (const listener of listeners) listener();
}

/** Puts the resolved theme on <html>; call once at start. Returns the system listener's removal. */
export function followTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => applyTheme();
  media.addEventListener('change', onChange);
  applyTheme();
  return () => media.removeEventListener('change', onChange);
}

function applyTheme(): void {
  const choice = themeChoice();
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, themeChoice);
}

/** The theme in force, 'light' or 'dark', following every change (charts drawn on a canvas redraw with it). */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (listener) => {
      const observer = new MutationObserver(listener);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
      return () => observer.disconnect();
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
  );
}
