// The palette's lazy chunk (loaded by app/palette on the first Ctrl-K, '?' or shortcut).
export { CommandPalette } from './components/CommandPalette';
export { ShortcutSheet } from './components/ShortcutSheet';
export type { PaletteCommand } from './rules';
