import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithStore } from '../../../test/render';
import { ShiftModal } from '../components/ShiftModal';
import { SegmentModal } from '../components/SegmentModal';
import { SHIFT_TEXT } from '../../../shared/shiftForm';
import '../slice';
import type { TableShift } from '../../../api/types';

// antd's TextArea measures itself (autoSize); jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('the Add Manual Shift form', () => {
  it('keeps Add disabled until the times are valid and says why', () => {
    renderWithStore(<ShiftModal target={{ mode: 'add' }} timeZone="UTC" canEdit shifts={[]} onClose={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '12:30' } });
    expect(add).toBeEnabled();
    expect(screen.getByText('3h 30m')).toBeInTheDocument();
    // A date in the future cannot be worked yet.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2999-01-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent(SHIFT_TEXT.future);
    expect(add).toBeDisabled();
  });

  it('sends the shift with its note and reason', () => {
    const { store } = renderWithStore(<ShiftModal target={{ mode: 'add' }} timeZone="UTC" canEdit shifts={[]} onClose={() => {}} />);
    const dispatched = vi.spyOn(store, 'dispatch');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '12:30' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Offsite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(dispatched).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'history/shiftSaveRequested',
        payload: {
          body: {
            work_shift: { start_datetime: '2026-03-10T09:00:00.000Z', end_datetime: '2026-03-10T12:30:00.000Z', work_shift_notes: 'Offsite' },
            change_log: { reason: '' },
          },
          success: 'Manual shift added.',
        },
      }),
    );
  });
});

describe("a manual shift's length typed as a duration (issue 31)", () => {
  const length = () => screen.getByLabelText('Or type its length (Enter sets the end)');
  const note = () => screen.getByTestId('shift-length-note').textContent;

  it('echoes the end time, sets it on Enter, and lengthens it by a signed amount', () => {
    renderWithStore(<ShiftModal target={{ mode: 'add' }} timeZone="UTC" canEdit shifts={[]} onClose={() => {}} />);
    fireEvent.change(length(), { target: { value: '7:30' } });
    expect(note()).toBe('Enter a start time first.');
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:00' } });
    expect(note()).toBe('Ends at 16:30 · 7h 30m');
    expect(screen.getByLabelText('End time')).toHaveValue('');
    fireEvent.keyDown(length(), { key: 'Enter' });
    expect(screen.getByLabelText('End time')).toHaveValue('16:30');
    fireEvent.change(length(), { target: { value: '+45m' } });
    expect(note()).toBe('Ends at 17:15 · 8h 15m');
    fireEvent.keyDown(length(), { key: 'Enter' });
    expect(screen.getByLabelText('End time')).toHaveValue('17:15');
  });

  it('runs past midnight and refuses what is not a length', () => {
    renderWithStore(<ShiftModal target={{ mode: 'add' }} timeZone="UTC" canEdit shifts={[]} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '22:00' } });
    fireEvent.change(length(), { target: { value: '3h' } });
    expect(note()).toBe('Ends at 01:00 · 3h 00m');
    fireEvent.change(length(), { target: { value: '24h' } });
    expect(note()).toBe('A shift lasts less than 24h.');
    fireEvent.change(length(), { target: { value: 'all day' } });
    expect(note()).toContain('Type a duration like');
    fireEvent.keyDown(length(), { key: 'Enter' });
    expect(screen.getByLabelText('End time')).toHaveValue('');
  });
});

describe('the add-shift modal (Add Work / Add Break)', () => {
  it('refuses times outside the shift with the spec texts', () => {
    const onAdd = vi.fn();
    renderWithStore(
      <SegmentModal
        kind="taking_break"
        min={new Date('2026-03-10T09:00:00Z')}
        max={new Date('2026-03-10T17:00:00Z')}
        timeZone="UTC"
        busy={false}
        onAdd={onAdd}
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '08:00' } });
    expect(screen.getByText(SHIFT_TEXT.startOutside)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '12:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith({
      kind: 'taking_break',
      start: new Date('2026-03-10T12:00:00Z'),
      end: new Date('2026-03-10T12:30:00Z'),
    });
  });
});

describe('a shift of a closed day (issue 28)', () => {
  const shift = {
    id: 42,
    start_datetime: '2026-03-10T09:00:00Z',
    end_datetime: '2026-03-10T17:00:00Z',
    manual_work_shift_yn: true,
    notes: '',
    office_hours_in_seconds: 28800,
    break_in_seconds: 0,
  } as unknown as TableShift;
  const target = { mode: 'edit' as const, shift, date: '2026-03-10', user: 1 };

  it('is read-only with the reason, and asks for a correction instead', () => {
    const { store } = renderWithStore(
      <ShiftModal target={target} timeZone="UTC" canEdit shifts={[]} closed="is in the approved period" onClose={() => {}} />,
    );
    const dispatched = vi.spyOn(store, 'dispatch');
    expect(screen.getByTestId('shift-closed')).toHaveTextContent('This day is closed: 2026-03-10 is in the approved period.');
    expect(screen.queryByRole('button', { name: 'Add Work' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete shift' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    expect(screen.getByLabelText('Start time')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a correction' }));
    fireEvent.change(screen.getByLabelText('Correct end'), { target: { value: '17:30' } });
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'Stayed late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send correction' }));
    expect(dispatched).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'history/correctionRequested',
        payload: {
          kind: 'shift_times',
          shift: 42,
          start_datetime: '2026-03-10T09:00:00.000Z',
          end_datetime: '2026-03-10T17:30:00.000Z',
          reason: 'Stayed late',
        },
      }),
    );
  });
});
