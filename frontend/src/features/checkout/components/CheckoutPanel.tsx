import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Calendar, Empty, Popover, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import {
  ScheduleOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  createWorkDay,
  dismissAllCheckMessages,
  dismissCheckMessage,
  fetchDateStatuses,
  fetchDaySummary,
  fetchDayTasks,
  fetchNextWorkday,
  fetchObservers,
  fetchOpenCheckMessages,
  fetchShifts,
  fetchUserDetails,
  fetchWorkDay,
  leaveThroughCheckout,
  markCheckoutsRead,
  runCheckoutChecks,
  saveCheckoutNotes,
  type CheckoutCheckId,
  type CheckoutCheckStatus,
  type DateStatus,
  type NextCalendarSchedule,
  type Observer,
  type UserDetails,
  type WorkDay,
  type WorkDayTaskTime,
  type WorkShift,
  type WorktimeSummary,
} from '../../../api/checkout';
import { toApiFailure } from '../../../api/client';
import { feedback, failureText } from '../../../shared/feedback';
import { useAppSelector } from '../../../shared/hooks';
import { UserAvatar } from '../../../shared/UserAvatar';
import { formatDuration, formatTime } from '../../../shared/time';
import {
  CHECK_TITLES,
  hoursShortfall,
  MAX_OBSERVER_AVATARS,
  NOTES_READ_ONLY,
  OBSERVERS_TOOLTIP,
  canEditCheckout,
  leaveButtonLabel,
  leaveReducer,
  leavesAnyway,
  modeFor,
  showsModifyToggle,
  showsTrackingTag,
  type CheckoutMode,
} from '../rules';
import { createNotesSaver, type SaveState } from '../notesSaver';
import { DATE_FORMAT, groupDate, headingDate, shiftDate, todayIso } from '../dates';

import { CheckMessagesModal } from './CheckMessagesModal';
import { CreateTaskForm } from './CreateTaskForm';
import '../slice';
import '../checkout.css';

// draft-js loads with the checkout, never with the office (bench/bundle/budget.json).
const NotesEditor = lazy(() => import('./NotesEditor'));

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
}

interface DayData {
  workDay: WorkDay | null;
  summary: WorktimeSummary | null;
  shifts: WorkShift[];
  tasks: WorkDayTaskTime[];
  checks: CheckoutCheckStatus[];
}

const EMPTY_DAY: DayData = { workDay: null, summary: null, shifts: [], tasks: [], checks: [] };

function CheckIcon({ check }: { check: CheckoutCheckStatus }) {
  if (check.passed_yn) return <CheckCircleFilled style={{ color: '#237804' }} aria-label="Passed" />;
  if (check.critical_yn) return <CloseCircleFilled style={{ color: '#cf1322' }} aria-label="Failed (critical)" />;
  return <ExclamationCircleFilled style={{ color: '#ad6800' }} aria-label="Failed" />;
}

function HoursCard({ label, seconds, testId }: { label: string; seconds: number; testId: string }) {
  return (
    <div className="checkout-hours__card">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="checkout-hours__value" data-testid={testId}>
        {formatDuration(seconds)}
      </div>
    </div>
  );
}

/** The checkout of one user and day (spec 01 §2): page, leave_the_office and history modes. */
export function CheckoutPanel({ userId, mode: requestedMode, date: dateProp, onDateChange, onLeft, framed = false, trackingTag }: Props) {
  const me = useAppSelector((state) => state.auth.user);
  const isOwn = me?.id === userId;
  const mode = modeFor(requestedMode, isOwn);
  const today = todayIso();
  const [ownDate, setOwnDate] = useState(dateProp ?? today);
  const date = dateProp ?? ownDate;
  const setDate = (next: string) => {
    const clamped = next > today ? today : next;
    if (onDateChange) onDateChange(clamped);
    else setOwnDate(clamped);
  };
  const isCurrentDay = date === today;
  const [modifyOn, setModifyOn] = useState(true);
  const [pickerOpen, setPickerOpen] = useState(false);
  const editing = canEditCheckout({ mode, isOwn, isCurrentDay, modifyOn });

  // The loaded day, under the key it was loaded for: another user or date shows loading at once.
  const dayKey = `${userId}|${date}`;
  const [loaded, setLoaded] = useState<{ key: string; data: DayData; error: string | null } | null>(null);
  const loading = loaded?.key !== dayKey;
  const day = loaded && !loading ? loaded.data : EMPTY_DAY;
  const loadError = loaded && !loading ? loaded.error : null;
  const setDay = useCallback(
    (update: DayData | ((current: DayData) => DayData)) =>
      setLoaded((current) =>
        current ? { ...current, data: typeof update === 'function' ? update(current.data) : update } : current,
      ),
    [],
  );
  const [person, setPerson] = useState<UserDetails | null>(null);
  const [observers, setObservers] = useState<Observer[]>([]);
  const [messages, setMessages] = useState<CheckoutCheckStatus[]>([]);
  const [messagesOpen, setMessagesOpen] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const [dateStatuses, setDateStatuses] = useState<DateStatus[]>([]);
  const [next, setNext] = useState<NextCalendarSchedule | null>(null);
  const [creating, setCreating] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [leave, dispatchLeave] = useReducer(leaveReducer, { step: 'idle' });

  const workDayId = day.workDay?.id ?? null;
  const notesSeq = useAppSelector((state) => (workDayId ? (state.checkout?.notes[workDayId] ?? 0) : 0));
  const statusSeq = useAppSelector((state) => state.checkout?.statuses[userId] ?? 0);

  // --- loading ---------------------------------------------------------------------------------
  const loadDay = useCallback(async (): Promise<DayData> => {
    const [workDay, summary] = await Promise.all([fetchWorkDay(userId, date), fetchDaySummary(userId, date)]);
    if (!workDay) return { ...EMPTY_DAY, summary };
    const [shifts, tasks, checks] = await Promise.all([
      fetchShifts(workDay.id),
      fetchDayTasks(workDay.id),
      runCheckoutChecks(userId, date),
    ]);
    return { workDay, summary, shifts, tasks, checks };
  }, [userId, date]);

  useEffect(() => {
    let live = true;
    loadDay()
      .then((data) => {
        if (!live) return;
        setLoaded({ key: dayKey, data, error: null });
        if (!isOwn && data.workDay?.checkout_notes) void markCheckoutsRead([data.workDay.id]).catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (live) setLoaded({ key: dayKey, data: EMPTY_DAY, error: failureText(error, 'The checkout could not be loaded.') });
      });
    return () => {
      live = false;
    };
  }, [loadDay, isOwn, dayKey]);

  // A live edit of the note (the owner on another device, or the observed member): reload the day.
  const seen = useRef({ notes: notesSeq, status: statusSeq });
  useEffect(() => {
    if (seen.current.notes === notesSeq && seen.current.status === statusSeq) return;
    seen.current = { notes: notesSeq, status: statusSeq };
    if (editing) return; // the writer's own editor is the newest text
    let live = true;
    loadDay()
      .then((data) => live && setDay(data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [notesSeq, statusSeq, editing, loadDay, setDay]);

  useEffect(() => {
    let live = true;
    const from = shiftDate(today, -92);
    fetchDateStatuses(userId, from, today)
      .then((rows) => live && setDateStatuses(rows))
      .catch(() => live && setDateStatuses([]));
    if (isOwn) {
      fetchObservers()
        .then((rows) => live && setObservers(rows))
        .catch(() => live && setObservers([]));
    } else {
      fetchUserDetails(userId)
        .then((user) => live && setPerson(user))
        .catch(() => live && setPerson(null));
    }
    return () => {
      live = false;
    };
  }, [userId, isOwn, today, statusSeq]);

  const reloadMessages = useCallback(() => {
    if (!isOwn || mode === 'history') return;
    fetchOpenCheckMessages()
      .then((rows) => setMessages(rows.filter((row) => row.work_date < today)))
      .catch(() => setMessages([]));
  }, [isOwn, mode, today]);
  useEffect(reloadMessages, [reloadMessages]);

  useEffect(() => {
    if (!isOwn || !isCurrentDay) return;
    let live = true;
    fetchNextWorkday()
      .then((value) => live && setNext(value))
      .catch(() => live && setNext(null));
    return () => {
      live = false;
    };
  }, [isOwn, isCurrentDay]);

  // --- notes -----------------------------------------------------------------------------------
  const saver = useMemo(
    () =>
      createNotesSaver({
        save: (text) => {
          if (workDayId === null) return Promise.reject(new Error('No work day'));
          return saveCheckoutNotes(workDayId, text).then((saved) => {
            setDay((current) => (current.workDay?.id === saved.id ? { ...current, workDay: saved } : current));
            // The note's check follows the note (and readers hear checkout_status_updated).
            void runCheckoutChecks(userId, saved.work_date)
              .then((checks) => setDay((current) => (current.workDay?.id === saved.id ? { ...current, checks } : current)))
              .catch(() => undefined);
          });
        },
        onState: setSaveState,
        onFailure: (error) =>
          feedback.failure(failureText(error, 'Your checkout note is not saved yet; it is kept here and saved again shortly.')),
      }),
    [workDayId, setDay, userId],
  );
  useEffect(() => {
    saver.reset(day.workDay?.checkout_notes ?? null);
    return () => saver.stop();
    // Only when the day changes: a saved text must not reset a newer one being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saver]);

  // --- actions ---------------------------------------------------------------------------------
  const createCheckout = async () => {
    setCreating(true);
    try {
      await createWorkDay(date);
      setDay(await loadDay());
    } catch (error) {
      feedback.failure(failureText(error, 'The checkout could not be created.'));
    } finally {
      setCreating(false);
    }
  };

  const dismiss = async (id: number) => {
    try {
      await dismissCheckMessage(id);
      setMessages((rows) => rows.filter((row) => row.id !== id));
    } catch (error) {
      feedback.failure(failureText(error, 'The message could not be dismissed.'));
    }
  };

  const dismissAll = async (check: CheckoutCheckId | null) => {
    setDismissing(true);
    try {
      await dismissAllCheckMessages(check);
      setMessages((rows) => (check ? rows.filter((row) => row.checkout_check !== check) : []));
    } catch (error) {
      feedback.failure(failureText(error, 'The messages could not be dismissed.'));
    } finally {
      setDismissing(false);
    }
  };

  const leaveOffice = async () => {
    const anyway = leavesAnyway(leaveReducer(leave, { type: 'clicked' }));
    dispatchLeave({ type: 'clicked' });
    await saver.settled(); // the note typed just before counts
    try {
      const result = await leaveThroughCheckout(anyway);
      setDay((current) => ({ ...current, checks: result.checks }));
      dispatchLeave({ type: 'left' });
      onLeft?.();
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.status === 409) {
        dispatchLeave({ type: 'checks_failed' });
        setDay(await loadDay().catch(() => day));
      } else {
        dispatchLeave({ type: 'error' });
        feedback.failure(failureText(error, 'Leave office error'));
      }
    }
  };

  // --- view ------------------------------------------------------------------------------------
  const workDates = useMemo(() => new Set(dateStatuses.map((row) => row.date)), [dateStatuses]);
  const summary = day.summary;
  const workTime = summary?.work_time ?? 0;
  const allocated = summary?.tasks_allocated_time ?? 0;
  const unallocated = Math.max(0, workTime - allocated);
  // Tracked time only for users with a tracker (spec 01 §6): one's own setting, another user's
  // by what the server counted (it counts none without a configuration).
  const hasTracker = isOwn ? Boolean(me?.has_tracker) : (summary?.tracked_time ?? 0) > 0;
  const trackedToday = hasTracker ? (summary?.tracked_time ?? 0) : workTime;
  const scheduledToday = (next?.today_sessions ?? []).reduce((sum, s) => sum + (s.work_time_seconds ?? 0), 0);
  const shortfall = next ? hoursShortfall(scheduledToday, trackedToday) : null;
  const failedChecks = day.checks.filter((check) => !check.passed_yn);
  const activityIssue = day.checks.find((check) => check.checkout_check === 'activity_details')?.issue_json as
    | { tasks?: { task_id: number }[] }
    | undefined;
  const missingActivity = new Set((activityIssue?.tasks ?? []).map((row) => row.task_id));
  const firstMessage = messages[0];
  const placeholder = editing ? 'What did you do today? What is next?' : isCurrentDay && isOwn ? 'Press Modify to write your checkout note.' : NOTES_READ_ONLY;

  const header =
    mode === 'history' ? (
      <div className="checkout__person" data-testid="checkout-history-header">
        {person ? <UserAvatar user={person} size={40} /> : <Skeleton.Avatar active />}
        <div>
          <Typography.Title level={2} className="checkout__title">
            {person?.display_name || person?.full_name || '…'}
          </Typography.Title>
          <Typography.Text type="secondary">{person?.workspace_role === 'ADMIN' ? 'Admin' : person ? 'Member' : ''}</Typography.Text>
        </div>
      </div>
    ) : framed ? (
      <span />
    ) : (
      <Typography.Title level={2} className="checkout__title">
        Checkout
      </Typography.Title>
    );

  return (
    <section className="checkout" data-testid="checkout-panel" data-mode={mode} aria-label="Checkout">
      <div className="checkout__top">
        {header}
        <Space wrap className="checkout__nav">
          <Button onClick={() => setDate(today)} disabled={isCurrentDay}>
            Today
          </Button>
          <Button icon={<ArrowLeftOutlined />} aria-label="Previous day" onClick={() => setDate(shiftDate(date, -1))} />
          <Button icon={<ArrowRightOutlined />} aria-label="Next day" disabled={isCurrentDay} onClick={() => setDate(shiftDate(date, 1))} />
          <Popover
            trigger="click"
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            placement="bottomRight"
            content={
              <div className="checkout__calendar">
                <Calendar
                  fullscreen={false}
                  value={dayjs(date)}
                  disabledDate={(value: Dayjs) => value.format(DATE_FORMAT) > today}
                  onSelect={(value, info) => {
                    if (info.source !== 'date') return;
                    setPickerOpen(false);
                    setDate(value.format(DATE_FORMAT));
                  }}
                  fullCellRender={(current) => {
                    const value = current.format(DATE_FORMAT);
                    return (
                      <div className={`ant-picker-cell-inner${workDates.has(value) ? ' checkout__workday-cell' : ''}`}>{current.date()}</div>
                    );
                  }}
                />
              </div>
            }
          >
            <Button icon={<ScheduleOutlined />} aria-label="Pick a date">
              {date}
            </Button>
          </Popover>
        </Space>
      </div>

      {mode !== 'history' && firstMessage && (
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          className="checkout__banner"
          data-testid="checkout-banner"
          message={`${groupDate(firstMessage.work_date)}: ${firstMessage.checkout_failed_message}`}
          action={
            <Space direction="vertical" size={4}>
              <Button size="small" onClick={() => void dismiss(firstMessage.id)}>
                Dismiss
              </Button>
              {messages.length > 1 && (
                <Button size="small" type="link" onClick={() => setMessagesOpen(true)}>
                  Show {messages.length - 1} more
                </Button>
              )}
            </Space>
          }
        />
      )}

      <div className="checkout__heading">
        {/* Framed in the /checkout page (its h1): the date is h2 and its parts h3 (heading order). */}
        <Typography.Title level={framed ? 2 : 3} className="checkout__date" data-testid="checkout-date">
          {headingDate(date)}
          {isCurrentDay ? ' (Today)' : ''}
        </Typography.Title>
        <Space wrap>
          {showsTrackingTag({ mode, isOwn, isCurrentDay }) && trackingTag}
          {isOwn && observers.length > 0 && (
            <Tooltip title={OBSERVERS_TOOLTIP}>
              <button
                type="button"
                className="checkout__observers"
                data-testid="checkout-observers"
                aria-label={`${OBSERVERS_TOOLTIP} ${observers.map((o) => o.observer_user.display_name).join(', ')}`}
              >
                <Avatar.Group max={{ count: MAX_OBSERVER_AVATARS }} size={28}>
                  {observers.map((o) => (
                    <UserAvatar key={o.id} user={o.observer_user} size={28} />
                  ))}
                </Avatar.Group>
              </button>
            </Tooltip>
          )}
          {showsModifyToggle({ mode, isOwn, isCurrentDay }) && day.workDay && (
            <Button type={modifyOn ? 'primary' : 'default'} onClick={() => setModifyOn((on) => !on)} aria-pressed={!modifyOn}>
              {modifyOn ? 'Done' : 'Modify'}
            </Button>
          )}
        </Space>
      </div>

      {loadError && <Alert type="error" showIcon message={loadError} />}

      <div className="checkout__bar" aria-label="Checkout time summary">
        <div className="checkout__bar-track" aria-hidden>
          <span className="checkout__bar-tasks" style={{ width: workTime ? `${Math.min(100, (allocated / workTime) * 100)}%` : 0 }} />
        </div>
        <Space size="large" wrap>
          <span>
            Office time <strong>{formatDuration(workTime)}</strong>
          </span>
          <span>
            Tasks time <strong>{formatDuration(allocated)}</strong>
          </span>
          <span>
            Unallocated <strong data-testid="checkout-unallocated">{formatDuration(unallocated)}</strong>
          </span>
        </Space>
      </div>

      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !day.workDay ? (
        <Empty description="No checkout" data-testid="checkout-empty">
          {isOwn && isCurrentDay && mode !== 'history' && (
            <Button type="primary" loading={creating} onClick={() => void createCheckout()}>
              Create Checkout
            </Button>
          )}
        </Empty>
      ) : (
        <>
          <div className={hasTracker ? 'checkout-hours checkout-hours--tracked' : 'checkout-hours'}>
            <HoursCard label="Work" seconds={workTime} testId="checkout-work" />
            <HoursCard label="Break" seconds={summary?.break_time ?? 0} testId="checkout-break" />
            <HoursCard label="Tasks" seconds={allocated} testId="checkout-tasks" />
            <HoursCard label="Unallocated" seconds={unallocated} testId="checkout-unallocated-card" />
            {hasTracker && <HoursCard label="Tracked time" seconds={summary?.tracked_time ?? 0} testId="checkout-tracked" />}
          </div>

          <Typography.Title level={framed ? 3 : 4}>Shifts</Typography.Title>
          <div className="checkout__table-wrap">
            <table className="checkout__table">
              <thead>
                <tr>
                  <th scope="col">Start</th>
                  <th scope="col">End</th>
                  <th scope="col">Work</th>
                  <th scope="col">Break</th>
                </tr>
              </thead>
              <tbody>
                {day.shifts.length === 0 ? (
                  <tr>
                    <td colSpan={4}>No worktime information to show here.</td>
                  </tr>
                ) : (
                  day.shifts.map((shift) => (
                    <tr key={shift.id}>
                      <td>{formatTime(shift.start_datetime)}</td>
                      <td>{shift.end_datetime ? formatTime(shift.end_datetime) : 'Now'}</td>
                      <td>{formatDuration(shift.work_time)}</td>
                      <td>{formatDuration(shift.break_time)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>

          <Typography.Title level={framed ? 3 : 4}>Checkout status</Typography.Title>
          {day.checks.length === 0 ? (
            <Typography.Text type="secondary" data-testid="checkout-checks">
              Checkout report is not sent yet
            </Typography.Text>
          ) : (
            <ul className="checkout__list" data-testid="checkout-checks">
              {day.checks.map((check) => (
                <li key={check.id} className="checkout__check">
                  <CheckIcon check={check} />
                  <div>
                    <Typography.Text strong>{CHECK_TITLES[check.checkout_check] ?? check.checkout_check}</Typography.Text>
                    {check.critical_yn && !check.passed_yn && (
                      <Tag color="red" style={{ marginLeft: 8 }}>
                        Critical
                      </Tag>
                    )}
                    <div>
                      <Typography.Text type={check.passed_yn ? 'secondary' : undefined}>
                        {check.passed_yn ? 'Passed' : check.checkout_failed_message}
                      </Typography.Text>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {day.checks.length > 0 && failedChecks.length === 0 && (
            <Typography.Text type="secondary">No issues were found in checkout report.</Typography.Text>
          )}

          <div className="checkout__notes-head">
            <Typography.Title level={framed ? 3 : 4}>Notes</Typography.Title>
            {editing && (
              <Typography.Text type={saveState === 'failed' ? 'danger' : 'secondary'} data-testid="checkout-save-state" aria-live="polite">
                {saveState === 'saving' ? 'Saving…' : saveState === 'failed' ? 'Not saved yet: retrying' : 'Saved'}
              </Typography.Text>
            )}
          </div>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
            <NotesEditor
              key={editing ? `edit-${day.workDay.id}` : `read-${day.workDay.id}-${day.workDay.checkout_notes ?? ''}`}
              notes={day.workDay.checkout_notes ?? null}
              readOnly={!editing}
              placeholder={placeholder}
              onBlur={(text) => saver.blur(text)}
            />
          </Suspense>
          {!isCurrentDay && isOwn && (
            <Typography.Text type="secondary" className="checkout__hint">
              {NOTES_READ_ONLY}
            </Typography.Text>
          )}

          <Typography.Title level={framed ? 3 : 4}>Activity</Typography.Title>
          {day.tasks.length === 0 ? (
            <Typography.Text type="secondary" data-testid="checkout-activity">
              {isCurrentDay ? 'There are no checkout tasks.' : `There are no checkout tasks for ${groupDate(date)}.`}
            </Typography.Text>
          ) : (
            <ul className="checkout__list" data-testid="checkout-activity">
              {day.tasks.map((task) => (
                <li key={task.id} className="checkout__task">
                  <span>
                    {task.title}
                    {missingActivity.has(task.id) && (
                      <Tag color="orange" style={{ marginLeft: 8 }}>
                        No activity
                      </Tag>
                    )}
                    {task.recording_yn && (
                      <Tag color="green" style={{ marginLeft: 8 }}>
                        Tracking
                      </Tag>
                    )}
                  </span>
                  <strong>{formatDuration(task.seconds_worked)}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {editing && day.workDay && <CreateTaskForm />}

      {isOwn && isCurrentDay && next && (
        <section className="checkout__next" data-testid="checkout-next" aria-labelledby="checkout-next-title">
          <Typography.Title level={framed ? 3 : 4} id="checkout-next-title">
            Next Workday
          </Typography.Title>
          {next.next_workday_date ? (
            <>
              <Typography.Text>
                {headingDate(next.next_workday_date)}: {formatDuration(next.next_workday_work_time)} planned
              </Typography.Text>
              <ul className="checkout__list">
                {next.next_workday_sessions.map((session) => (
                  <li key={session.start_datetime}>
                    {formatTime(session.start_datetime)} – {formatTime(session.end_datetime)}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Typography.Text type="secondary">Nothing is planned for the next workday.</Typography.Text>
          )}
          {shortfall !== null && (
            <Alert
              type="warning"
              showIcon
              message="Hours"
              data-testid="checkout-hours-warning"
              description={`${formatDuration(scheduledToday)} scheduled today, ${formatDuration(trackedToday)} ${hasTracker ? 'tracked' : 'worked'}: ${formatDuration(shortfall)} short.`}
            />
          )}
        </section>
      )}

      {mode === 'leave_the_office' && (
        <div className="checkout__leave">
          {leave.step === 'failed' || leave.step === 'leaving_anyway' ? (
            <Alert type="error" showIcon message={leave.step === 'failed' ? leave.message : 'Activity Details for some tasks are missing.'} role="alert" />
          ) : null}
          <Button
            type="primary"
            danger
            loading={leave.step === 'checking' || leave.step === 'leaving_anyway'}
            disabled={leave.step === 'left'}
            onClick={() => void leaveOffice()}
            data-testid="checkout-leave"
          >
            {leaveButtonLabel(leave)}
          </Button>
        </div>
      )}

      <CheckMessagesModal
        open={messagesOpen}
        messages={messages}
        busy={dismissing}
        onDismiss={(id) => void dismiss(id)}
        onDismissAll={(check) => void dismissAll(check)}
        onClose={() => setMessagesOpen(false)}
      />
    </section>
  );
}

export default CheckoutPanel;
