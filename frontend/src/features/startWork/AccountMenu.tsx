import { useState } from 'react';
import { Descriptions, Dropdown, Modal, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { UserDetails } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { UserAvatar } from '../../shared/UserAvatar';
import { authActions } from '../auth/slice';

/** Read-only profile until the Edit Profile modal lands. */
function ProfileModal({ user, open, onClose }: { user: UserDetails; open: boolean; onClose: () => void }) {
  const location = [user.city, user.country].filter(Boolean).join(', ');
  return (
    <Modal open={open} title="Manage account" onCancel={onClose} onOk={onClose} okText="Close" cancelButtonProps={{ style: { display: 'none' } }}>
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        <UserAvatar name={user.full_name || user.email} src={user.avatar} size={80} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.full_name}
          </Typography.Title>
          <Typography.Text type="secondary">{user.what_i_do}</Typography.Text>
        </div>
      </Space>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Display name">{user.display_name}</Descriptions.Item>
        <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
        <Descriptions.Item label="Workspace">{user.workspace_name}</Descriptions.Item>
        <Descriptions.Item label="Role">{user.workspace_role === 'ADMIN' ? 'Admin' : 'Member'}</Descriptions.Item>
        <Descriptions.Item label="Timezone">{user.timezone}</Descriptions.Item>
        <Descriptions.Item label="Location">{location || '—'}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

export function AccountMenu({ user }: { user: UserDetails }) {
  const dispatch = useAppDispatch();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'account', icon: <UserOutlined />, label: 'Manage account' },
            { key: 'signout', icon: <LogoutOutlined />, label: 'Sign out' },
          ],
          onClick: ({ key }) => {
            if (key === 'account') setProfileOpen(true);
            else dispatch(authActions.signOutRequested({ allDevices: false }));
          },
        }}
      >
        <button type="button" aria-label="Account menu" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}>
          <UserAvatar name={user.full_name || user.email} src={user.avatar} size={40} />
        </button>
      </Dropdown>
      <ProfileModal user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
