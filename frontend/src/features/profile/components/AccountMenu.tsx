import { useState } from 'react';
import { EyeInvisibleOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { UserDetails } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { MenuDropdown } from '../../../shared/MenuDropdown';
import { MiniSwitch } from '../../../shared/MiniSwitch';
import { UserAvatar } from '../../../shared/UserAvatar';
import { LazySignOutDialog as SignOutDialog } from '../../../shared/LazySignOutDialog';
import { selectProfile } from '../selectors';
import { profileActions } from '../slice';
import { LazyEditProfileModal as EditProfileModal } from './LazyEditProfileModal';

/** The avatar menu of the start-work screen and the office header. */
export function AccountMenu({ user }: { user: UserDetails }) {
  const dispatch = useAppDispatch();
  const { invisibleSwitching } = useAppSelector(selectProfile);
  const [signOutOpen, setSignOutOpen] = useState(false);
  const items: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined />, label: 'Manage account' },
    ...(user.allow_invisible_mode
      ? [
          {
            key: 'invisible',
            icon: <EyeInvisibleOutlined />,
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
                Invisible mode
                <MiniSwitch checked={user.invisible_mode_yn} loading={invisibleSwitching} label="Invisible mode" />
              </span>
            ),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'signout', icon: <LogoutOutlined />, label: 'Sign out' },
  ];
  return (
    <>
      <MenuDropdown
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'account') dispatch(profileActions.editorOpened());
            else if (key === 'invisible') dispatch(profileActions.invisibleModeToggled(!user.invisible_mode_yn));
            else setSignOutOpen(true);
          },
        }}
      >
        <button type="button" aria-label="Account menu" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}>
          <UserAvatar user={user} size={40} />
        </button>
      </MenuDropdown>
      <EditProfileModal user={user} />
      <SignOutDialog open={signOutOpen} onClose={() => setSignOutOpen(false)} />
    </>
  );
}
