import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { DayTaskTime, PlannedBlock, ShiftModificationRequest, WorkedBlock } from '../../../api/types';
import { PageFrame } from '../../../shared/PageFrame';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useNarrowScreen } from '../../../shared/useNarrowScreen';
import { build, paths } from '../../../shared/routes';
import { checkManualShift } from '../../../shared/shiftForm';
import { guessTimezone, useNow } from '../../../shared/time';
import { clockIn, todayIn, wallClock, weekdayLabel } from '../../../shared/zoned';
import { AddShiftModal, type AddShiftTarget } from '../components/AddShiftModal';
import { CalendarToolbar } from '../components/CalendarToolbar';
import { DayList } from '../components/DayList';
import { MonthGrid } from '../components/MonthGrid';
import { SubscribeModal } from '../components/SubscribeModal';
import { WeekGrid } from '../components/WeekGrid';
import { rangeTotals } from '../layout';
import { shiftsOf, submitManualShift } from '../manualShift';
import { selectCalendar, selectViewer } from '../selectors';
import { calendarActions } from '../slice';
import { dayCount, firstDayOf, step, viewRange } from '../weeks';
import { addDays } from '../../../shared/dates';
import '../calendar.css';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

const FROM_PLANNED = 'From the planned session';

/** The calendar (issue 29): a member's week or month, planned against worked, fixed from here. */
export default function CalendarPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const viewer = useAppSelector(selectViewer);
  const calendar = useAppSelector(selectCalendar);
  const narrow = useNarrowScreen();
  const now = useNow(30_000);
  const [adding, setAdding] = useState<AddShiftTarget | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const timeZone = calendar?.data?.timezone || viewer?.timezone || guessTimezone();
  const today = todayIn(timeZone, now);
  const firstDay = firstDayOf(viewer);

  useEffect(() => {
    dispatch(calendarActions.pageOpened({ today: todayIn(viewer?.timezone || guessTimezone()) }));
    dispatch(calendarActions.membersRequested());
    return () => {
      dispatch(calendarActions.pageClosed());
    };
  }, [dispatch, viewer?.timezone]);

  const view = calendar?.view ?? 'week';
  const anchor = calendar?.anchor ?? today;
  const range = viewRange(view, anchor, firstDay);
  // A week's answer is not drawn as a month (nor the reverse) while the other view loads.
  const data = calendar?.data && calendar.data.days.length === dayCount(range) ? calendar.data : null;
  const own = !!data && data.editable;
  const canAdd = own && !!data?.can_add_manual_shifts;
  const shifts = useMemo(() => shiftsOf(data), [data]);

  const totals = rangeTotals(data, view === 'week' ? null : anchor.slice(0, 7), now);

  const send = useCallback(
    (body: ShiftModificationRequest, success = 'Manual shift added.') => dispatch(calendarActions.shiftAddRequested({ body, success })),
    [dispatch],
  );
  const openShift = useCallback(
    (block: WorkedBlock, date: string) => {
      if (block.shift_id !== null) navigate(`${paths.history}?date=${date}&shift=${block.shift_id}${data && !data.editable ? `&user=${data.user}` : ''}`);
    },
    [navigate, data],
  );
  const openTask = useCallback((task: DayTaskTime) => navigate(build.task(task.task_id, task.task_title, 'details')), [navigate]);
  const plannedToShift = useCallback(
    (planned: PlannedBlock) => {
      const start = wallClock(planned.start, timeZone);
      const check = checkManualShift({ date: start.date, start: start.time, end: clockIn(planned.end, timeZone) }, { timeZone, now: new Date(), shifts });
      if (check.errors.length) {
        Modal.error({ title: 'Add manual shift error', content: check.errors.join(' ') });
        return;
      }
      submitManualShift(check, { notes: planned.notes, reason: FROM_PLANNED }, (body) => send(body, 'Planned session added as a manual shift.'));
    },
    [timeZone, shifts, send],
  );
  const selectRange = useCallback((date: string, start: string, end: string) => setAdding({ date, start, end }), []);
  const addOnDay = useCallback((date: string) => setAdding({ date, start: '09:00', end: '17:00' }), []);
  const closeAdd = useCallback(() => setAdding(null), []);

  const weekdays = Array.from({ length: 7 }, (_, n) => weekdayLabel(addDays(range.from, n)).slice(0, 3));
  const actions = {
    onOpenShift: openShift,
    onSelectRange: canAdd ? selectRange : null,
    onPlannedToShift: canAdd ? plannedToShift : null,
  };

  return (
    <PageFrame
      title="Calendar"
      extra={
        own && (
          <Button icon={<CalendarOutlined />} onClick={() => setSubscribing(true)}>
            Subscribe
          </Button>
        )
      }
    >
      <CalendarToolbar
        view={view}
        anchor={anchor}
        range={range}
        today={today}
        data={data}
        totals={totals}
        members={calendar?.members ?? []}
        userId={calendar?.userId ?? viewer?.id ?? 0}
        viewerId={viewer?.id ?? 0}
        importing={calendar?.importing ?? false}
        onView={(next) => dispatch(calendarActions.viewChanged(next))}
        onAnchor={(next) => dispatch(calendarActions.anchorChanged({ anchor: next }))}
        onStep={(direction) => dispatch(calendarActions.anchorChanged({ anchor: step(view, anchor, direction) }))}
        onUser={(id) => dispatch(calendarActions.userChanged(id === viewer?.id ? null : id))}
        onImport={() => dispatch(calendarActions.importRequested())}
      />
      {data && !data.editable && <Alert className="calendar-note" type="info" showIcon title="You are viewing a teammate's calendar: it is read-only." />}
      {calendar?.error && <Alert className="calendar-note" type="error" showIcon title={calendar.error} action={<Button size="small" onClick={() => dispatch(calendarActions.reloadRequested())}>Retry</Button>} />}
      <section className={`calendar-card${calendar?.loading && data ? ' is-loading' : ''}`} aria-busy={calendar?.loading ?? true} aria-label={view === 'week' ? 'Week view' : 'Month view'}>
        {!data ? (
          !calendar?.error && <Skeleton active paragraph={{ rows: 10 }} />
        ) : view === 'month' ? (
          <MonthGrid data={data} month={anchor.slice(0, 7)} today={today} now={now} weekdays={weekdays} onOpenDay={(date) => dispatch(calendarActions.anchorChanged({ anchor: date, view: 'week' }))} />
        ) : narrow ? (
          <DayList data={data} today={today} now={now} onAddOnDay={canAdd ? addOnDay : null} onOpenTask={openTask} {...actions} />
        ) : (
          <WeekGrid data={data} today={today} now={now} onAddOnDay={canAdd ? addOnDay : null} onOpenTask={openTask} {...actions} />
        )}
      </section>
      {adding && (
        <AddShiftModal
          target={adding}
          timeZone={timeZone}
          shifts={shifts}
          busy={calendar?.editor.busy ?? false}
          done={calendar?.editor.done ?? 0}
          onSend={(body) => send(body)}
          onClose={closeAdd}
        />
      )}
      {subscribing && <SubscribeModal onClose={() => setSubscribing(false)} />}
      <Modal
        open={!!calendar?.editor.error}
        title={calendar?.editor.error?.title}
        onCancel={() => dispatch(calendarActions.errorDismissed())}
        footer={
          <Button type="primary" onClick={() => dispatch(calendarActions.errorDismissed())}>
            OK
          </Button>
        }
      >
        <p role="alert">{calendar?.editor.error?.text}</p>
      </Modal>
    </PageFrame>
  );
}
