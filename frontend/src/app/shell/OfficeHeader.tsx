import { Space } from 'antd';
import type { UserDetails } from '../../api/types';
import { AccountMenu } from '../../features/profile/components/AccountMenu';
import { PresencePopover } from '../../features/status/components/PresencePopover';
import { StatusToggle } from '../../features/status/components/StatusToggle';

export function OfficeHeader({ user }: { user: UserDetails }) {
  return (
    <header
      style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', padding: '0 24px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
    >
      <Space size={16}>
        <StatusToggle />
        <PresencePopover />
        <AccountMenu user={user} />
      </Space>
    </header>
  );
}
