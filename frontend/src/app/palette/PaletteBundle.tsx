// The palette's lazy chunk as the shells load it (PaletteHost): the palette feature's dialogs,
// handed the commands built here (they dispatch the status, tracker and profile actions; features
// do not import each other).
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../store';
import { CommandPalette, ShortcutSheet } from '../../features/palette/PaletteBundle';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { buildCommands, factsOf, type CommandFacts } from './commands';

// eslint-disable-next-line react-refresh/only-export-components -- PaletteHost runs shortcuts through this chunk
export { runShortcut } from './commands';

const sameFacts = (a: CommandFacts, b: CommandFacts) => (Object.keys(a) as (keyof CommandFacts)[]).every((key) => a[key] === b[key]);

export default function Palette({ open, onClose, go, shortcutsOn }: { open: 'palette' | 'shortcuts' | null; onClose: () => void; go: (to: string) => void; shortcutsOn: boolean }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const facts = useAppSelector(useCallback((state: RootState) => factsOf(state, pathname), [pathname]), sameFacts);
  const commands = useMemo(() => buildCommands(facts, dispatch, go), [facts, dispatch, go]);
  return (
    <>
      <CommandPalette open={open === 'palette'} onClose={onClose} commands={commands} onOpen={go} />
      <ShortcutSheet open={open === 'shortcuts'} onClose={onClose} commands={commands} enabled={shortcutsOn} />
    </>
  );
}
