import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { UserDetails } from '../../api/types';
import { AccountMenu } from '../../features/profile/components/AccountMenu';
import { PresencePopover } from '../../features/status/components/PresencePopover';
import { StatusToggle } from '../../features/status/components/StatusToggle';
import { LazyNotificationsBell } from '../../features/notifications/components/LazyNotificationsBell';
import { LazyBreakDialogs } from '../../features/tracker/components/LazyBreakDialogs';
import { HeaderTimes } from '../time/HeaderTimes';
import { useAppDispatch } from '../../shared/hooks';
import { statusActions } from '../../features/status/slice';

// The checkout (draft-js with it) loads when the user leaves or opens the popover, never with the office.
const CheckoutModal = lazy(() => import('../../features/checkout/components/CheckoutModal'));
const CheckoutStatusIcon = lazy(() => import('../../features/checkout/components/CheckoutStatusIcon'));

interface Props {
  user: UserDetails;
  narrow: boolean;
  menuOpen: boolean;
  onMenu: () => void;
}

/** The fixed header: the menu button on narrow screens, then the day's time and tracking tag, status, presence,
 * notifications and the account. */
export function OfficeHeader({ user, narrow, menuOpen, onMenu }: Props) {
  const dispatch = useAppDispatch();
  const [leaving, setLeaving] = useState<boolean | null>(null);
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
        <PresencePopover
          onLeave={() => setLeaving(true)}
          checkoutIcon={
            <Suspense fallback={null}>
              <CheckoutStatusIcon userId={user.id} />
            </Suspense>
          }
        />
        <LazyNotificationsBell />
        <AccountMenu user={user} />
      </div>
      <LazyBreakDialogs />
      {leaving !== null && (
        <Suspense fallback={null}>
          <CheckoutModal
            open={leaving}
            userId={user.id}
            mode="leave_the_office"
            onClose={() => setLeaving(false)}
            onLeft={() => dispatch(statusActions.officeLeft())}
          />
        </Suspense>
      )}
    </header>
  );
}
