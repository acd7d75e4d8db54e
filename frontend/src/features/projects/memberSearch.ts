/** Member search of spec 02 §5: case-insensitive substring of the display name, added members left out. */
export function searchMembers<T extends { id: number; display_name: string }>(
  users: readonly T[],
  term: string,
  addedUserIds: Iterable<number>,
): T[] {
  const added = new Set(addedUserIds);
  const needle = term.trim().toLocaleLowerCase();
  return users.filter(
    (user) => !added.has(user.id) && (needle === '' || user.display_name.toLocaleLowerCase().includes(needle)),
  );
}
