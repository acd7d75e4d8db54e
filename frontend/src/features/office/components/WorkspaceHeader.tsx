import { useState } from 'react';
import { Button, Popover } from 'antd';
import { AppstoreOutlined, LogoutOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useBeta } from '../../../shared/useBeta';
import { paths } from '../../../shared/routes';
import { UserAvatar } from '../../../shared/UserAvatar';
import { Text } from '../../../shared/Text';
import { LazySignOutDialog as SignOutDialog } from '../../../shared/LazySignOutDialog';

export function WorkspaceHeader({ workspaceName }: { workspaceName: string }) {
  const navigate = useNavigate();
  const { link } = useBeta();
  const [open, setOpen] = useState(false);
  const [signOutOpen, setSignOutOpen] = useState(false);

  const go = (to: string) => {
    setOpen(false);
    navigate(link(to));
  };

  const content = (
    <div style={{ display: 'flex', flexDirection: 'column', minWidth: 220 }}>
      <Button type="text" icon={<AppstoreOutlined />} style={{ justifyContent: 'flex-start' }} onClick={() => go(paths.projects)}>
        Projects
      </Button>
      <Button type="text" icon={<TeamOutlined />} style={{ justifyContent: 'flex-start' }} onClick={() => go(paths.members)}>
        Members
      </Button>
      <Button type="text" icon={<PlusOutlined />} style={{ justifyContent: 'flex-start' }} onClick={() => go(paths.projects)}>
        Create a Project
      </Button>
      <Button
        type="text"
        icon={<LogoutOutlined />}
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          setSignOutOpen(true);
        }}
      >
        Sign out of {workspaceName}
      </Button>
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} arrow={false}>
        <button
          type="button"
          aria-label="Workspace menu"
          style={{ display: 'flex', alignItems: 'center', gap: 10, width: '100%', padding: '16px', background: 'none', border: 0, cursor: 'pointer', textAlign: 'left' }}
        >
          <UserAvatar name={workspaceName} size={32} shape="square" color="#722ed1" />
          <Text strong ellipsis style={{ flex: 1 }}>
            {workspaceName}
          </Text>
        </button>
      </Popover>
      <SignOutDialog open={signOutOpen} onClose={() => setSignOutOpen(false)} />
    </>
  );
}
