import { Avatar } from 'antd';
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

/** The one avatar of the SPA: a photo when there is one, else the initials on a stable colour. */
export function UserAvatar({ user, name, src, size = 40, shape = 'circle', color }: Props) {
  const label = user ? avatarName(user) : (name ?? '');
  const photo = src !== undefined ? src : (user?.avatar ?? null);
  if (photo) return <Avatar src={photo} size={size} shape={shape} alt={label} />;
  const background = color ?? avatarColor(user ? user.id : label);
  return (
    <Avatar
      size={size}
      shape={shape}
      style={{ backgroundColor: background, color: '#ffffff', fontWeight: 600, fontSize: Math.max(10, Math.round(size * 0.4)), flex: 'none' }}
    >
      {/* The initials are for the eye; a screen reader hears the name. */}
      <span aria-hidden="true">{user ? avatarInitials(user) : initialsOf(label)}</span>
      <span className="sr-only">{label}</span>
    </Avatar>
  );
}
