import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { UserDetails } from '../../api/types';
import { AccountMenu } from '../../features/profile/components/AccountMenu';
import { PresencePopover } from '../../features/status/components/PresencePopover';
import { StatusToggle } from '../../features/status/components/StatusToggle';
import { LazyNotificationsBell } from '../../features/notifications/components/LazyNotificationsBell';
import { LazyBreakDialogs } from '../../features/tracker/components/LazyBreakDialogs';
import { HeaderTimes } from '../time/HeaderTimes';

interface Props {
  user: UserDetails;
  narrow: boolean;
  menuOpen: boolean;
  onMenu: () => void;
}

/** The fixed header: the menu button on narrow screens, then the day's time and tracking tag, status, presence,
 * notifications and the account. */
export function OfficeHeader({ user, narrow, menuOpen, onMenu }: Props) {
  return (
    <header className="shell__header">
      {narrow && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onMenu}
        />
      )}
      <div className="shell__header-actions">
        <HeaderTimes narrow={narrow} />
        <StatusToggle />
        <PresencePopover />
        <LazyNotificationsBell />
        <AccountMenu user={user} />
      </div>
      <LazyBreakDialogs />
    </header>
  );
}
