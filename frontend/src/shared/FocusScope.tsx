import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  /** Whether the popover is open: focus moves in when it opens and back to the trigger when it closes. */
  open: boolean;
  onClose: () => void;
  /** The popover's name (its title): the scope is a non-modal dialog. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A popover's content ('In the office', notifications) for the keyboard: it takes focus when
 * opened (its first control, else itself), keeps Tab and Shift+Tab inside, closes on Escape and
 * gives focus back to what had it before (the trigger).
 */
export function FocusScope({ open, onClose, label, children, className }: Props) {
  const scope = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The popup is positioned in the next frame: focusing before would scroll the page to it.
    const id = window.requestAnimationFrame(() => {
      const node = scope.current;
      if (!node || node.contains(document.activeElement)) return;
      (node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus();
    });
    const node = scope.current;
    return () => {
      window.cancelAnimationFrame(id);
      const active = document.activeElement;
      const lost = !active || active === document.body || node?.contains(active);
      if (lost && trigger.current?.isConnected) trigger.current.focus();
    };
  }, [open]);

  // A native listener (the scope is a dialog, not a control): Escape closes, Tab stays inside.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const node = scope.current;
    if (!node) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        // Back to the trigger first: a closing popup keeps its old content until it has faded.
        if (trigger.current?.isConnected) trigger.current.focus();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    node.addEventListener('keydown', onKeyDown);
    return () => node.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div ref={scope} role="dialog" aria-label={label} tabIndex={-1} className={className}>
      {children}
    </div>
  );
}
