import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog kept in a lazy chunk mounts (and its chunk loads)
 * only when it is first opened, and stays mounted afterwards so it can animate closed and reopen at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
