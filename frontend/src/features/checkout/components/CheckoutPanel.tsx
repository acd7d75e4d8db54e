import { SectionLevel } from './sections/sectionLevel';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { canEditCheckout, modeFor, showsModifyToggle, showsTrackingTag, type CheckoutMode } from '../rules';
import { useCheckoutDay, useTodayOf } from '../hooks';
import { selectCreating } from '../selectors';
import { checkoutActions } from '../slice';
import { CreateTaskForm } from './CreateTaskForm';
import { ActivitySection } from './sections/ActivitySection';
import { ChecksSection } from './sections/ChecksSection';
import { DayHeading } from './sections/DayHeading';
import { DayNav } from './sections/DayNav';
import { HoursSection, TimeBar, type DayTimes } from './sections/HoursSection';
import { LeaveSection } from './sections/LeaveSection';
import { MessagesBanner } from './sections/MessagesBanner';
import { NextWorkdaySection } from './sections/NextWorkdaySection';
import { NotesSection } from './sections/NotesSection';
import { PanelTitle } from './sections/PanelTitle';
import { ShiftsSection } from './sections/ShiftsSection';
import '../checkout.css';

interface Props {
  userId: number;
  mode: CheckoutMode;
  date?: string;
  onDateChange?: (date: string) => void;
  /** leave_the_office: the user left (the header resets the status). */
  onLeft?: () => void;
  /** The page gives the title itself (its h1); the modal shows the panel's own. */
  framed?: boolean;
  /** The tracking tag (app/ hands it in: it reads the tracker's state); shown on the user's own current day. */
  trackingTag?: ReactNode;
  /** Closing the period (app/ hands it in from the closing feature): shown on the user's own days. */
  periodClose?: (date: string, today: string) => ReactNode;
}

/** The checkout of one user and day (spec 01 §2): page, leave_the_office and history modes. */
export function CheckoutPanel({ userId, mode: requestedMode, date: dateProp, onDateChange, onLeft, framed = false, trackingTag, periodClose }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user);
  const creating = useAppSelector(selectCreating);
  const isOwn = me?.id === userId;
  const mode = modeFor(requestedMode, isOwn);
  const today = useTodayOf(userId);
  const [ownDate, setOwnDate] = useState(dateProp ?? today);
  const date = dateProp ?? ownDate;
  const setDate = (next: string) => {
    const clamped = next > today ? today : next;
    if (onDateChange) onDateChange(clamped);
    else setOwnDate(clamped);
  };
  const isCurrentDay = date === today;
  const [modifyOn, setModifyOn] = useState(true);
  const editing = canEditCheckout({ mode, isOwn, isCurrentDay, modifyOn });
  const { data: day, loading, error } = useCheckoutDay(userId, date, editing);

  const summary = day.summary;
  const workTime = summary?.work_time ?? 0;
  const allocated = summary?.tasks_allocated_time ?? 0;
  // Tracked time only for users with a tracker (spec 01 §6): one's own setting, another user's
  // by what the server counted (it counts none without a configuration).
  const hasTracker = isOwn ? Boolean(me?.has_tracker) : (summary?.tracked_time ?? 0) > 0;
  const times: DayTimes = {
    workTime,
    breakTime: summary?.break_time ?? 0,
    allocated,
    unallocated: Math.max(0, workTime - allocated),
    tracked: summary?.tracked_time ?? 0,
    hasTracker,
    live: isOwn && isCurrentDay,
  };

  return (
    <SectionLevel.Provider value={framed ? 3 : 4}>
    <section className="checkout" data-testid="checkout-panel" data-mode={mode} aria-label="Checkout">
      <div className="checkout__top">
        <PanelTitle mode={mode} userId={userId} framed={framed} />
        <DayNav userId={userId} date={date} today={today} onDate={setDate} />
      </div>

      <MessagesBanner wanted={isOwn && mode !== 'history'} />

      <DayHeading
        date={date}
        isCurrentDay={isCurrentDay}
        isOwn={isOwn}
        trackingTag={showsTrackingTag({ mode, isOwn, isCurrentDay }) ? trackingTag : null}
        modify={showsModifyToggle({ mode, isOwn, isCurrentDay }) && day.workDay ? { on: modifyOn, toggle: () => setModifyOn((on) => !on) } : null}
      />

      {error && <Alert type="error" showIcon message={error} />}

      <TimeBar times={times} />

      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !day.workDay ? (
        <Empty description="No checkout" data-testid="checkout-empty">
          {isOwn && isCurrentDay && mode !== 'history' && (
            <Button type="primary" loading={creating} onClick={() => dispatch(checkoutActions.createRequested({ userId, date }))}>
              Create Checkout
            </Button>
          )}
        </Empty>
      ) : (
        <>
          <HoursSection times={times} />
          <ShiftsSection shifts={day.shifts} />
          <ChecksSection checks={day.checks} />
          <NotesSection workDay={day.workDay} editing={editing} isOwn={isOwn} isCurrentDay={isCurrentDay} />
          <ActivitySection tasks={day.tasks} checks={day.checks} date={date} isCurrentDay={isCurrentDay} />
        </>
      )}

      {editing && day.workDay && <CreateTaskForm />}

      {isOwn && mode !== 'history' && periodClose?.(date, today)}

      {isOwn && isCurrentDay && <NextWorkdaySection trackedToday={hasTracker ? times.tracked : workTime} hasTracker={hasTracker} />}

      {mode === 'leave_the_office' && <LeaveSection onLeft={onLeft} />}
    </section>
    </SectionLevel.Provider>
  );
}

export default CheckoutPanel;
