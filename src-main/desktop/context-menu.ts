// The right-click menu of the app's windows (issue #40): spelling suggestions and Add to Dictionary
// for a misspelled word, Cut/Copy/Paste/Select All in a text field (each enabled as the page says it
// can), Copy for a selection, Copy Link Address for an http(s) link; nothing anywhere else. Built
// from Electron's context-menu params; src-main/electron/context-menu.ts pops it up.
import { safeExternalUrl } from '../security/external-url.ts';
import { menuText, separator, type MenuEntry } from './menu-entry.ts';

/** The part of Electron's ContextMenuParams the menu depends on. */
export interface ContextMenuFacts {
  isEditable: boolean;
  selectionText: string;
  linkURL: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export interface ContextMenuActions {
  /** Replaces the misspelled word under the pointer (webContents.replaceMisspelling). */
  replaceMisspelling(suggestion: string): void;
  /** The session's spellchecker learns the word. */
  addToDictionary(word: string): void;
  copyLink(url: string): void;
}

/** More suggestions crowd the menu; the spellchecker lists the likeliest first. */
export const MAX_SUGGESTIONS = 5;

export function contextMenuTemplate(facts: ContextMenuFacts, actions: ContextMenuActions): MenuEntry[] {
  const groups: MenuEntry[][] = [];
  if (facts.isEditable) {
    const word = facts.misspelledWord.trim();
    if (word) groups.push(spelling(word, facts.dictionarySuggestions, actions));
    const flags = facts.editFlags;
    groups.push([
      { role: 'cut', enabled: flags.canCut },
      { role: 'copy', enabled: flags.canCopy },
      { role: 'paste', enabled: flags.canPaste },
      separator,
      { role: 'selectAll', enabled: flags.canSelectAll },
    ]);
  } else if (facts.selectionText.trim()) {
    groups.push([{ role: 'copy', enabled: facts.editFlags.canCopy }]);
  }
  // Only a web address: a javascript:, file: or custom-scheme href is not offered (nor is one with credentials).
  const link = safeExternalUrl(facts.linkURL);
  if (link) groups.push([{ label: 'Copy Link Address', click: () => actions.copyLink(link) }]);
  return groups.flatMap((group, index) => (index === 0 ? group : [separator, ...group]));
}

function spelling(word: string, suggestions: string[], actions: ContextMenuActions): MenuEntry[] {
  const offered = suggestions.filter((s) => s.trim() !== '').slice(0, MAX_SUGGESTIONS);
  return [
    ...(offered.length > 0
      ? offered.map((suggestion): MenuEntry => ({ label: menuText(suggestion), click: () => actions.replaceMisspelling(suggestion) }))
      : [{ label: 'No Spelling Suggestions', enabled: false }]),
    { label: 'Add to Dictionary', click: () => actions.addToDictionary(word) },
  ];
}
