import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CalendarRead } from '../../../api/types';
import { SHIFT_TEXT } from '../../../shared/shiftForm';
import { AddShiftModal } from '../components/AddShiftModal';
import { DayList } from '../components/DayList';
import { WeekGrid } from '../components/WeekGrid';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const week: CalendarRead = {
  user: 2,
  timezone: 'UTC',
  from_date: '2026-03-09',
  to_date: '2026-03-15',
  now: '2026-03-10T11:00:00Z',
  editable: true,
  can_add_manual_shifts: true,
  calendar_import: null,
  totals: { worked_seconds: 7200, break_seconds: 0, planned_seconds: 3600, task_seconds: 600 },
  days: Array.from({ length: 7 }, (_, n) => ({
    date: `2026-03-${String(9 + n).padStart(2, '0')}`,
    iso_week: 11,
    blocks:
      n === 1 ? [{ status: 'working' as const, start: '2026-03-10T09:00:00Z', end: null, shift_id: 7, manual: false }] : [],
    planned:
      n === 1
        ? [{ id: 3, start: '2026-03-10T13:00:00Z', end: '2026-03-10T14:00:00Z', notes: 'Design review', calendar_uid: 'x@1', seconds: 3600 }]
        : [],
    tasks:
      n === 1
        ? [{ task_id: 4, task_title: 'Write the spec', project_id: 1, project_title: 'Apollo', color: '#ff0000', seconds: 600, recording: false }]
        : [],
    worked_seconds: n === 1 ? 7200 : 0,
    break_seconds: 0,
    planned_seconds: n === 1 ? 3600 : 0,
    task_seconds: n === 1 ? 600 : 0,
  })),
};

const actions = () => ({ onOpenShift: vi.fn(), onSelectRange: vi.fn(), onPlannedToShift: vi.fn(), onOpenTask: vi.fn(), onAddOnDay: vi.fn() });

describe('the week grid', () => {
  it('shows the open shift growing, planned sessions and task time; blocks and tasks open', () => {
    const handlers = actions();
    render(<WeekGrid data={week} today="2026-03-10" now={new Date('2026-03-10T11:30:00Z')} {...handlers} />);
    // Two hours at the server's now, half an hour more since.
    expect(screen.getByText('2h 30m')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Work 09:00 – now: open its shift' }));
    expect(handlers.onOpenShift).toHaveBeenCalledWith(week.days[1].blocks[0], '2026-03-10');
    expect(screen.getByRole('button', { name: 'Planned: Design review, 13:00 – 14:00' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Write the spec/ }));
    expect(handlers.onOpenTask).toHaveBeenCalledWith(week.days[1].tasks[0]);
    // Days up to today can get a manual shift from the keyboard; later ones cannot.
    fireEvent.click(screen.getByRole('button', { name: 'Add a manual shift on Tue, Mar 10' }));
    expect(handlers.onAddOnDay).toHaveBeenCalledWith('2026-03-10');
    expect(screen.queryByRole('button', { name: 'Add a manual shift on Wed, Mar 11' })).not.toBeInTheDocument();
  });

  it('is read-only for an observer', () => {
    render(<WeekGrid data={{ ...week, editable: false, can_add_manual_shifts: false }} today="2026-03-10" now={new Date('2026-03-10T11:00:00Z')} {...actions()} onAddOnDay={null} onSelectRange={null} onPlannedToShift={null} />);
    expect(screen.queryByRole('button', { name: /Add a manual shift/ })).not.toBeInTheDocument();
  });
});

describe('the day list (phones)', () => {
  it('lists each day with its blocks and turns a planned session into a shift', () => {
    const handlers = actions();
    render(<DayList data={week} today="2026-03-10" now={new Date('2026-03-10T11:00:00Z')} {...handlers} />);
    expect(screen.getByTestId('calendar-list-2026-03-10')).toHaveTextContent('(Today)');
    expect(screen.getByRole('button', { name: 'Work 09:00 – now' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Turn into manual shift' }));
    expect(handlers.onPlannedToShift).toHaveBeenCalledWith(week.days[1].planned[0]);
    expect(screen.getAllByText('Nothing worked or planned')).toHaveLength(6);
  });
});

describe('Add Manual Shift from a range', () => {
  it('is prefilled, checks overlap and sends History’s request', async () => {
    const onSend = vi.fn();
    render(
      <AddShiftModal
        target={{ date: '2026-03-09', start: '18:00', end: '19:00' }}
        timeZone="UTC"
        shifts={[{ id: 1, start: new Date('2026-03-09T18:30:00Z'), end: new Date('2026-03-09T20:00:00Z') }]}
        busy={false}
        done={0}
        onSend={onSend}
        onClose={() => {}}
      />,
    );
    expect(screen.getByLabelText('Start time')).toHaveValue('18:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // Overlapping a shift: the Warning, nothing sent.
    expect(onSend).not.toHaveBeenCalled();
    expect(await screen.findByText(SHIFT_TEXT.overlap)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '18:30' } });
    fireEvent.change(screen.getByLabelText('Reason for the change (optional)'), { target: { value: 'Forgot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSend).toHaveBeenCalledWith({
      work_shift: { start_datetime: '2026-03-09T18:00:00.000Z', end_datetime: '2026-03-09T18:30:00.000Z', work_shift_notes: '' },
      change_log: { reason: 'Forgot' },
    });
  });
});
