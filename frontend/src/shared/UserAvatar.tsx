import { Avatar } from 'antd';
import { initialsOf } from './initials';

interface Props {
  name: string;
  src?: string | null;
  size?: number;
  shape?: 'circle' | 'square';
  color?: string;
}

/** A photo when there is one, else the initials on a colour. */
export function UserAvatar({ name, src, size = 40, shape = 'circle', color = '#1677ff' }: Props) {
  if (src) return <Avatar src={src} size={size} shape={shape} alt={name} />;
  return (
    <Avatar size={size} shape={shape} style={{ backgroundColor: color, fontWeight: 600 }} aria-label={name}>
      {initialsOf(name)}
    </Avatar>
  );
}
