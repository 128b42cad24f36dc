// Thin adapter: pops the right-click menu (desktop/context-menu.ts) on every window's web contents.
// Electron shows no context menu of its own, so without this there is none.
import type { Clipboard, ContextMenuParams, Menu, MenuItemConstructorOptions, WebContents } from 'electron';
import { contextMenuTemplate } from '../desktop/context-menu.ts';

export interface ContextMenuDeps {
  Menu: Pick<typeof Menu, 'buildFromTemplate'>;
  clipboard: Pick<Clipboard, 'writeText'>;
}

export type MenuContents = Pick<WebContents, 'getType' | 'replaceMisspelling'> & {
  on(event: 'context-menu', listener: (event: unknown, params: ContextMenuParams) => void): unknown;
  readonly session: Pick<WebContents['session'], 'addWordToSpellCheckerDictionary'>;
};

/** Every window the app makes, now or later ('web-contents-created'); devtools keep their own menu. */
export function contextMenuOnEveryWebContents(
  app: { on(event: 'web-contents-created', listener: (event: unknown, contents: MenuContents) => void): unknown },
  deps: ContextMenuDeps,
): void {
  app.on('web-contents-created', (_event, contents) => attachContextMenu(contents, deps));
}

export function attachContextMenu(contents: MenuContents, deps: ContextMenuDeps): void {
  if (contents.getType() !== 'window') return;
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      replaceMisspelling: (suggestion) => contents.replaceMisspelling(suggestion),
      addToDictionary: (word) => void contents.session.addWordToSpellCheckerDictionary(word),
      // Electron 45's clipboard may answer with a promise; a refusal has nowhere better to go than nowhere.
      copyLink: (url) => void Promise.resolve(deps.clipboard.writeText(url)).catch(() => undefined),
    });
    if (template.length > 0) deps.Menu.buildFromTemplate(template as MenuItemConstructorOptions[]).popup();
  });
}
