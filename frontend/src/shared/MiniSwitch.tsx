/**
 * A small on/off indicator with the switch role, for a control whose click target is its parent
 * (a menu item). antd's Switch would bring its own chunk into the office's first load for one
 * toggle in the avatar menu (bench/bundle/budget.json).
 */
export function MiniSwitch({ checked, loading = false, label }: { checked: boolean; loading?: boolean; label: string }) {
  return (
    <span
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={loading || undefined}
      className={`ro-mini-switch${checked ? ' ro-mini-switch--on' : ''}${loading ? ' ro-mini-switch--busy' : ''}`}
    >
      <span className="ro-mini-switch__knob" />
    </span>
  );
}
