import { Badge } from 'antd';
import { useAppSelector } from '../../../shared/hooks';
import { selectCounts } from '../selectors';

type CountName = 'today_count' | 'next_workday_count' | 'starred_count';

/** The count badge of Today, Next Workday or Starred in the side menu (spec 02 §2). */
export function CountBadge({ name, label }: { name: CountName; label: string }) {
  const count = useAppSelector(selectCounts)?.[name] ?? 0;
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <span>{label}</span>
      <Badge count={count} size="small" color="#8c8c8c" data-testid={`badge-${name}`} title={`${count} tasks`} />
    </span>
  );
}
