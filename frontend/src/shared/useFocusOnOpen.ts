import { useEffect, useRef } from 'react';

/**
 * Focus for a field the person has just opened (a dialog's first field, an inline editor), instead
 * of `autoFocus`: focus moves when `open` turns true, by the person's own action, never on page load.
 */
export function useFocusOnOpen<T extends { focus: () => void }>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    // After the dialog's opening frame, when the field is in the document and visible.
    const frame = window.requestAnimationFrame(() => ref.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, [open]);
  return ref;
}
