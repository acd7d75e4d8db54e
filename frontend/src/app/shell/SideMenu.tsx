import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import {
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  EyeOutlined,
  HistoryOutlined,
  HomeOutlined,
  ScheduleOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import type { UserDetails } from '../../api/types';
import { useBeta } from '../../shared/useBeta';
import { paths, withoutBeta } from '../../shared/routes';
import { WorkspaceHeader } from '../../features/office/components/WorkspaceHeader';
import { ProjectTree } from '../../features/projects/components/ProjectTree';
import { CountBadge } from '../../features/projects/components/CountBadge';
import { UnreadBadge } from '../../features/activities/components/UnreadBadge';

type Entry = { path: string; label: React.ReactNode; icon: React.ReactNode; visible: boolean };

export function SideMenu({ user }: { user: UserDetails }) {
  const location = useLocation();
  const { betaOn, link } = useBeta();

  const entries: Entry[] = [
    { path: paths.office, label: 'Office', icon: <HomeOutlined />, visible: true },
    { path: paths.team, label: 'Team', icon: <TeamOutlined />, visible: user.team_page_access_granted_yn },
    { path: paths.unread, label: <UnreadBadge label="Unread" />, icon: <EyeOutlined />, visible: true },
    { path: paths.checkout, label: 'Checkout', icon: <CheckSquareOutlined />, visible: true },
    { path: paths.today, label: <CountBadge name="today_count" label="Today" />, icon: <ClockCircleOutlined />, visible: true },
    { path: paths.nextShift, label: <CountBadge name="next_workday_count" label="Next Workday" />, icon: <CalendarOutlined />, visible: true },
    { path: paths.starred, label: <CountBadge name="starred_count" label="Starred" />, icon: <StarOutlined />, visible: true },
    { path: paths.calendar, label: 'Calendar', icon: <ScheduleOutlined />, visible: true },
    { path: paths.history, label: 'History', icon: <HistoryOutlined />, visible: true },
    // Who answers for members (docs/closing.md): admins and team-page owners.
    { path: paths.approvals, label: 'Approvals', icon: <CheckSquareOutlined />, visible: user.workspace_role === 'ADMIN' || user.team_page_access_granted_yn },
    // The morning digest (docs/reminders.md): observers reach it from its notification and email.
    { path: paths.digest, label: 'Digest', icon: <TeamOutlined />, visible: user.workspace_role === 'ADMIN' || user.team_page_access_granted_yn },
  ];
  const items: MenuProps['items'] = entries
    .filter((entry) => entry.visible)
    .map((entry) => ({ key: entry.path, icon: entry.icon, label: <Link to={link(entry.path)}>{entry.label}</Link> }));

  return (
    <nav aria-label="Side menu" className="side-menu">
      <div className="side-menu__top">
        <WorkspaceHeader workspaceName={user.workspace_name} />
        {betaOn && (
          <Link
            to={withoutBeta(location.pathname, location.search)}
            className="beta-tag"
            aria-label="Beta: back to the stable version"
            title="Back to the stable version"
          >
            Beta
          </Link>
        )}
      </div>
      <Menu mode="inline" selectedKeys={[location.pathname]} items={items} style={{ borderInlineEnd: 0 }} />
      <ProjectTree />
    </nav>
  );
}
