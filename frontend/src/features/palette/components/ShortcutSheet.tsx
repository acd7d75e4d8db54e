import { Modal, Typography } from 'antd';
import type { PaletteCommand } from '../rules';
import { Keys } from './Keys';
import '../palette.css';

interface Props {
  open: boolean;
  onClose: () => void;
  commands: readonly PaletteCommand[];
  /** The profile's switch: false when the person turned the one-key shortcuts off. */
  enabled: boolean;
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The '?' sheet (issue 31): every shortcut with what it does. */
export function ShortcutSheet({ open, onClose, commands, enabled }: Props) {
  const rows = commands.filter((command) => command.keys);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Keyboard shortcuts" width={560} className="shortcuts">
      {!enabled && (
        <Typography.Paragraph type="secondary">
          One-key shortcuts are off in your profile (Edit Profile, Keyboard shortcuts). {MOD}+K and ? still work.
        </Typography.Paragraph>
      )}
      <table className="shortcuts__table" data-testid="shortcut-sheet">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <Keys keys={[`${MOD}+K`]} />
            </td>
            <td>Open the command palette</td>
          </tr>
          <tr>
            <td>
              <Keys keys={['?']} />
            </td>
            <td>Show these shortcuts</td>
          </tr>
          {rows.map((command) => (
            <tr key={command.id}>
              <td>{command.keys && <Keys keys={command.keys} />}</td>
              <td>{command.group === 'Go to' ? `Go to ${command.label}` : command.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Shortcuts work outside text fields. Keys pressed one after another (G then C) within a second.
      </Typography.Paragraph>
    </Modal>
  );
}
