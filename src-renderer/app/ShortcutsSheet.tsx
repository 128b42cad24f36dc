import { useNavigation } from '../session/navigation-store.ts';
import { Modal } from '../ui/index.ts';
import { shortcutList } from './keyboard.ts';

const MAC = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The keyboard shortcuts, on `?` and from the command palette. */
export function ShortcutsSheet() {
  const open = useNavigation((s) => s.shortcutsOpen);
  const setOpen = useNavigation((s) => s.setShortcutsOpen);
  return (
    <Modal title="Keyboard shortcuts" isOpen={open} onClose={() => setOpen(false)}>
      <table className="shortcuts">
        <tbody>
          {shortcutList(MAC).map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                {s.keys.split(' ').map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </th>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
