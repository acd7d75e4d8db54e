import { Button, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { FolderOutlined, RollbackOutlined, SettingOutlined, SolutionOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routes';
import { useBeta } from '../../../shared/useBeta';

/** The workspace area's own side menu (spec 02 §2 Workspace administration). */
export function WorkspaceSideMenu({ workspaceName }: { workspaceName: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { link } = useBeta();
  const entries = [
    { path: paths.projects, label: 'Projects', icon: <FolderOutlined /> },
    { path: paths.members, label: 'Members', icon: <UsergroupAddOutlined /> },
    { path: paths.teamPage, label: 'Team Page', icon: <SolutionOutlined /> },
    { path: paths.workspace, label: 'Workspace', icon: <SettingOutlined /> },
  ];
  const items: MenuProps['items'] = entries.map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label: <Link to={link(entry.path)}>{entry.label}</Link>,
  }));
  return (
    <nav aria-label="Workspace menu" className="side-menu">
      <div className="workspace-menu__head">
        <div className="workspace-menu__eyebrow">Workspace settings</div>
        <div className="workspace-menu__name">{workspaceName}</div>
      </div>
      <Menu mode="inline" selectedKeys={[location.pathname]} items={items} style={{ borderInlineEnd: 0 }} />
      <div style={{ padding: 16 }}>
        <Button block icon={<RollbackOutlined />} onClick={() => navigate(link(paths.office))}>
          Back to Workspace
        </Button>
      </div>
    </nav>
  );
}
