// The right-click menu built from Electron's context-menu params, under Node (issue #40 item 1).
import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, MAX_SUGGESTIONS, type ContextMenuFacts } from '../../../src-main/desktop/context-menu.ts';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';

const NO_FLAGS = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false };
const facts = (over: Partial<ContextMenuFacts> = {}): ContextMenuFacts => ({
  isEditable: false,
  selectionText: '',
  linkURL: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: NO_FLAGS,
  ...over,
});

function record() {
  const done: string[] = [];
  const actions = {
    replaceMisspelling: (s: string) => void done.push(`replace ${s}`),
    addToDictionary: (w: string) => void done.push(`learn ${w}`),
    copyLink: (u: string) => void done.push(`copy ${u}`),
  };
  return { done, actions };
}

/** The menu as its lines read: a role's name, a label, '-' for a separator; '(off)' when disabled. */
const lines = (menu: MenuEntry[]) =>
  menu.map((entry) => (entry.type === 'separator' ? '-' : `${entry.role ?? entry.label}${entry.enabled === false ? ' (off)' : ''}`));
const click = (menu: MenuEntry[], label: string) => menu.find((entry) => entry.label === label)!.click!();

describe('context menu', () => {
  it('a text field: Cut, Copy, Paste, Select All, each enabled as the page says', () => {
    const { actions } = record();
    const menu = contextMenuTemplate(facts({ isEditable: true, editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true } }), actions);
    expect(lines(menu)).toEqual(['cut (off)', 'copy (off)', 'paste', '-', 'selectAll']);
    const selected = contextMenuTemplate(
      facts({ isEditable: true, selectionText: 'links', editFlags: { canCut: true, canCopy: true, canPaste: false, canSelectAll: true } }),
      actions,
    );
    expect(lines(selected)).toEqual(['cut', 'copy', 'paste (off)', '-', 'selectAll']);
  });

  it('a misspelled word: its suggestions first (at most five), Add to Dictionary, then editing', () => {
    const { done, actions } = record();
    const menu = contextMenuTemplate(
      facts({
        isEditable: true,
        misspelledWord: 'shortn',
        dictionarySuggestions: ['shorten', 'short', 'shorts', 'shorn', 'shirt', 'snort', 'shortly'],
        editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true },
      }),
      actions,
    );
    expect(lines(menu)).toEqual(['shorten', 'short', 'shorts', 'shorn', 'shirt', 'Add to Dictionary', '-', 'cut', 'copy', 'paste', '-', 'selectAll']);
    expect(menu.filter((e) => e.click && e.label !== 'Add to Dictionary')).toHaveLength(MAX_SUGGESTIONS);
    click(menu, 'shorten');
    click(menu, 'Add to Dictionary');
    expect(done).toEqual(['replace shorten', 'learn shortn']);
  });

  it('a misspelled word without suggestions says so and still offers Add to Dictionary; a suggestion with & shows it literally', () => {
    const { done, actions } = record();
    const none = contextMenuTemplate(facts({ isEditable: true, misspelledWord: 'xqzt' }), actions);
    expect(lines(none).slice(0, 3)).toEqual(['No Spelling Suggestions (off)', 'Add to Dictionary', '-']);
    const amp = contextMenuTemplate(facts({ isEditable: true, misspelledWord: 'AT', dictionarySuggestions: ['AT&T'] }), actions);
    expect(amp[0]!.label).toBe('AT&&T');
    amp[0]!.click!();
    expect(done).toEqual(['replace AT&T']);
  });

  it('a selection outside a field: Copy only', () => {
    const { actions } = record();
    expect(lines(contextMenuTemplate(facts({ selectionText: 'some text', editFlags: { ...NO_FLAGS, canCopy: true } }), actions))).toEqual(['copy']);
  });

  it('an http(s) link: Copy Link Address copies it; other schemes get no entry', () => {
    const { done, actions } = record();
    const menu = contextMenuTemplate(facts({ linkURL: 'https://sho.rt/abc' }), actions);
    expect(lines(menu)).toEqual(['Copy Link Address']);
    click(menu, 'Copy Link Address');
    expect(done).toEqual(['copy https://sho.rt/abc']);
    // With a selected link text: Copy, then the link's entry.
    expect(lines(contextMenuTemplate(facts({ linkURL: 'http://sho.rt/x', selectionText: 'x', editFlags: { ...NO_FLAGS, canCopy: true } }), actions))).toEqual([
      'copy',
      '-',
      'Copy Link Address',
    ]);
    for (const linkURL of ['javascript:alert(1)', 'file:///etc/passwd', 'linkdock://shorten?url=x', 'https://user:pw@sho.rt/', 'not a url']) {
      expect(contextMenuTemplate(facts({ linkURL }), actions)).toEqual([]);
    }
  });

  it('nothing for anything else (an image, empty space)', () => {
    const { actions } = record();
    expect(contextMenuTemplate(facts(), actions)).toEqual([]);
    expect(contextMenuTemplate(facts({ selectionText: '  \n ' }), actions)).toEqual([]);
  });
});
