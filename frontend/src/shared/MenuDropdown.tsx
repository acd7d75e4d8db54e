import { useRef, useState, type KeyboardEvent } from 'react';
import { Dropdown, type DropdownProps } from 'antd';

/**
 * A click menu ('⋮', the account menu) usable by keyboard: Enter or Space opens it with focus in
 * the menu, Escape closes it and gives focus back to its button, from the button or the menu.
 * (A parent that stops key events, e.g. a section header, cannot swallow the Escape: it is caught
 * on the way down.)
 */
export function MenuDropdown({ children, ...props }: Omit<DropdownProps, 'open' | 'onOpenChange' | 'trigger'>) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    wrapper.current?.querySelector<HTMLElement>('button, [role="button"]')?.focus();
  };
  return (
    <span ref={wrapper} onKeyDownCapture={onKeyDownCapture} style={{ display: 'contents' }}>
      {/* antd's autoFocus moves focus into the menu when it opens (not on page load). */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <Dropdown trigger={['click']} autoFocus open={open} onOpenChange={setOpen} {...props}>
        {children}
      </Dropdown>
    </span>
  );
}
