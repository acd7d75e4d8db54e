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
import { useDayTimes } from '../time/useDayTimes';
import { useAppDispatch } from '../../shared/hooks';
import { useOpenedOnce } from '../../shared/lazyDialog';
import { PendingIndicator } from '../../shared/outbox/PendingIndicator';
import { statusActions } from '../../features/status/slice';

// The checkout (draft-js with it) loads when the user leaves or opens the popover, never with the office.
const loadCheckout = () => import('../checkout/CheckoutBundle');
const CheckoutModal = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutModal })));
const CheckoutStatusIcon = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutStatusIcon })));
/** The /checkout route's page: loaded through this chunk so the entry lists no checkout dependencies. */
// eslint-disable-next-line react-refresh/only-export-components -- a loader, for AppRoutes' lazy route
export const loadCheckoutPage = () => loadCheckout().then((module) => ({ default: module.CheckoutPage }));

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
  const [leaving, setLeaving] = useState(false);
  const checkoutMounted = useOpenedOnce(leaving);
  const { office, pause } = useDayTimes();
  const status = <StatusToggle workSeconds={office} breakSeconds={pause} />;
  const presence = (
    <PresencePopover
      workSeconds={office}
      breakSeconds={pause}
      labelled={narrow}
      onLeave={() => setLeaving(true)}
      checkoutIcon={
        <Suspense fallback={null}>
          <CheckoutStatusIcon />
        </Suspense>
      }
    />
  );
  const menu = narrow && (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label="Menu"
      aria-expanded={menuOpen}
      aria-controls="side-menu"
      onClick={onMenu}
    />
  );
  return (
    <header className={`shell__header${narrow ? ' shell__header--phone' : ''}`}>
      {narrow ? (
        // A phone: the menu, the tracker and the personal controls on the first row; the status
        // and 'In the office' on a second, full-width row (every control 44 px to touch).
        <>
          <div className="shell__header-row">
            {menu}
            <HeaderTimes narrow />
            <div className="shell__header-actions">
              <PendingIndicator />
              <LazyNotificationsBell />
              <AccountMenu user={user} />
            </div>
          </div>
          <div className="shell__header-row shell__header-row--status">
            {status}
            {presence}
          </div>
        </>
      ) : (
        <div className="shell__header-actions">
          <HeaderTimes narrow={false} />
          <PendingIndicator />
          {status}
          {presence}
          <LazyNotificationsBell />
          <AccountMenu user={user} />
        </div>
      )}
      <LazyBreakDialogs />
      {checkoutMounted && (
        <Suspense fallback={null}>
          <CheckoutModal
            open={leaving}
            onClose={() => setLeaving(false)}
            onLeft={() => dispatch(statusActions.officeLeft())}
          />
        </Suspense>
      )}
    </header>
  );
}
