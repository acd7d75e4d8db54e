/** A shortcut's keys, pressed one after another ('g' then 'c'). */
export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="palette__keys" aria-label={`Shortcut: ${keys.join(' then ')}`}>
      {keys.map((key, index) => (
        <kbd key={index}>{key}</kbd>
      ))}
    </span>
  );
}
