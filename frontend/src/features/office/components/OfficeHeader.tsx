import { Space, Tag } from 'antd';
import type { StatusId, UserDetails } from '../../../api/types';
import { UserAvatar } from '../../../shared/UserAvatar';

const STATUS_TAGS: Record<StatusId, { label: string; color: string }> = {
  working: { label: 'Working', color: 'green' },
  taking_break: { label: 'On a break', color: 'blue' },
  out_of_office: { label: 'Out of Office', color: 'default' },
};

export function OfficeHeader({ user, status }: { user: UserDetails; status: StatusId | null }) {
  const tag = status ? STATUS_TAGS[status] : null;
  return (
    <header
      style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', padding: '0 24px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
    >
      <Space size={16}>
        {tag && (
          <Tag color={tag.color} data-testid="status-tag" style={{ marginInlineEnd: 0 }}>
            {tag.label}
          </Tag>
        )}
        <UserAvatar name={user.full_name || user.email} src={user.avatar} size={40} />
      </Space>
    </header>
  );
}
