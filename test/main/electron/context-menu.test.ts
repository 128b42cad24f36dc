// The context-menu adapter with Electron's Menu, clipboard and web contents replaced by fakes.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { contextMenuOnEveryWebContents, type ContextMenuDeps, type MenuContents } from '../../../src-main/electron/context-menu.ts';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';

class FakeContents extends EventEmitter {
  replaced: string[] = [];
  learned: string[] = [];
  readonly type: string;
  constructor(type: string) {
    super();
    this.type = type;
  }
  getType = () => this.type as ReturnType<MenuContents['getType']>;
  replaceMisspelling = (text: string) => void this.replaced.push(text);
  session = { addWordToSpellCheckerDictionary: (word: string) => (this.learned.push(word), true) };
}

function setup() {
  const app = new EventEmitter();
  const popped: MenuEntry[][] = [];
  const copied: string[] = [];
  const deps: ContextMenuDeps = {
    Menu: { buildFromTemplate: ((template: MenuEntry[]) => ({ popup: () => void popped.push(template) })) as never },
    clipboard: { writeText: async (text: string) => void copied.push(text) },
  };
  contextMenuOnEveryWebContents(app as never, deps);
  const open = (type: string) => {
    const contents = new FakeContents(type);
    app.emit('web-contents-created', {}, contents);
    return contents;
  };
  return { open, popped, copied };
}

const params = (over: Record<string, unknown>) => ({
  isEditable: false,
  selectionText: '',
  linkURL: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: false, canUndo: false, canRedo: false, canDelete: false, canEditRichly: false },
  ...over,
});

describe('context menu adapter', () => {
  it('pops the menu on a window’s right-click and wires its entries to the page, the spellchecker and the clipboard', () => {
    const { open, popped, copied } = setup();
    const contents = open('window');
    contents.emit('context-menu', {}, params({ isEditable: true, misspelledWord: 'lnk', dictionarySuggestions: ['link'] }));
    expect(popped).toHaveLength(1);
    const menu = popped[0]!;
    menu.find((e) => e.label === 'link')!.click!();
    menu.find((e) => e.label === 'Add to Dictionary')!.click!();
    expect(contents.replaced).toEqual(['link']);
    expect(contents.learned).toEqual(['lnk']);
    contents.emit('context-menu', {}, params({ linkURL: 'https://sho.rt/a' }));
    popped[1]!.find((e) => e.label === 'Copy Link Address')!.click!();
    expect(copied).toEqual(['https://sho.rt/a']);
  });

  it('pops nothing where the menu would be empty, and leaves devtools and other contents alone', () => {
    const { open, popped } = setup();
    open('window').emit('context-menu', {}, params({}));
    expect(popped).toEqual([]);
    const devtools = open('remote');
    expect(devtools.listenerCount('context-menu')).toBe(0);
  });
});
