// The checkout's lazy chunk as the office loads it (app/shell/OfficeHeader.tsx): the checkout
// feature's page, modal and status icon, handed the tracking tag (the tracker's state), 'My week
// is complete' (the closing feature's) and the header's live day numbers (useDayTimes) from here.
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import {
  CheckoutModal as FeatureCheckoutModal,
  CheckoutPage as FeatureCheckoutPage,
  CheckoutStatusIcon,
  LiveTimesContext,
} from '../../features/checkout/CheckoutBundle';
import { WeekComplete } from '../../features/closing/components/WeekComplete';
import { useDayTimes } from '../time/useDayTimes';
import { CheckoutTrackingTag } from './CheckoutTrackingTag';

/** 'My week is complete' at the checkout (the closing feature's, docs/closing.md). */
const periodClose = (date: string, today: string) => <WeekComplete date={date} today={today} atCheckout />;

/** The header's numbers of the day, for the checkout's own current day (one instant, one rounding). */
export function LiveTimes({ children }: { children: ReactNode }) {
  const { office, pause, tasks, unallocated, tracked } = useDayTimes();
  const value = useMemo(() => ({ office, pause, tasks, unallocated, tracked }), [office, pause, tasks, unallocated, tracked]);
  return <LiveTimesContext.Provider value={value}>{children}</LiveTimesContext.Provider>;
}

export function CheckoutPage() {
  return (
    <LiveTimes>
      <FeatureCheckoutPage trackingTag={<CheckoutTrackingTag />} periodClose={periodClose} />
    </LiveTimes>
  );
}

export function CheckoutModal(props: Omit<ComponentProps<typeof FeatureCheckoutModal>, 'trackingTag' | 'periodClose'>) {
  return (
    <LiveTimes>
      <FeatureCheckoutModal {...props} trackingTag={<CheckoutTrackingTag />} periodClose={periodClose} />
    </LiveTimes>
  );
}

export { CheckoutStatusIcon };
