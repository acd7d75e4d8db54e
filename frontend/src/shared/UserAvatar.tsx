import type { CSSProperties } from 'react';
import { avatarColor, avatarInitials, avatarName, type AvatarPerson } from './avatar';
import { initialsOf } from './initials';

interface Props {
  /** A person: the photo when there is one, else the initials on the user's own colour. */
  user?: AvatarPerson;
  /** Without `user`: a name (the workspace's) for the initials, its colour from the name. */
  name?: string;
  src?: string | null;
  size?: number;
  shape?: 'circle' | 'square';
  color?: string;
}

/** The one avatar of the SPA: a photo when there is one, else the initials on a stable colour.
 *
 * Plain elements styled by `.avatar` (shared/global.css), not antd's Avatar: antd's measures its
 * text after every render to scale it (a forced layout per avatar), which on /office's strip of a
 * 500-member workspace was the largest single cost of the first render (bench/README.md, issue 25).
 * Initials are at most two letters at 40% of the size, so they always fit without scaling. */
export function UserAvatar({ user, name, src, size = 40, shape = 'circle', color }: Props) {
  const label = user ? avatarName(user) : (name ?? '');
  const photo = src !== undefined ? src : (user?.avatar ?? null);
  const box: CSSProperties = { width: size, height: size, lineHeight: `${size}px` };
  const className = shape === 'square' ? 'avatar avatar--square' : 'avatar';
  if (photo)
    return (
      <span className={className} style={box}>
        <img src={photo} alt={label} />
      </span>
    );
  const background = color ?? avatarColor(user ? user.id : label);
  return (
    <span className={className} style={{ ...box, backgroundColor: background, fontSize: Math.max(10, Math.round(size * 0.4)) }}>
      {/* The initials are for the eye; a screen reader hears the name. */}
      <span aria-hidden="true">{user ? avatarInitials(user) : initialsOf(label)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
