import { useSectionLevel } from './sectionLevel';
import { Typography } from 'antd';
import type { WorkShift } from '../../../../api/checkout';
import { formatDuration, formatTime } from '../../../../shared/time';

/** The day's shifts: start, end ('Now' while open), work and break. */
export function ShiftsSection({ shifts }: { shifts: WorkShift[] }) {
  const level = useSectionLevel();
  return (
    <>
      <Typography.Title level={level}>Shifts</Typography.Title>
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
            {shifts.length === 0 ? (
              <tr>
                <td colSpan={4}>No worktime information to show here.</td>
              </tr>
            ) : (
              shifts.map((shift) => (
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
    </>
  );
}
