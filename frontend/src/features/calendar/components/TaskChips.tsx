import type { DayTaskTime } from '../../../api/types';
import { formatDuration } from '../../../shared/time';

/** A day's time on tasks, each in its project's colour; a chip opens its task. */
export function TaskChips({ tasks, onOpenTask }: { tasks: DayTaskTime[]; onOpenTask: (task: DayTaskTime) => void }) {
  if (tasks.length === 0) return null;
  return (
    <ul className="calendar-tasks">
      {tasks.map((task) => (
        <li key={`${task.task_id}`}>
          <button
            type="button"
            className="calendar-task"
            style={{ borderInlineStartColor: task.color }}
            title={`${task.project_title} · ${task.task_title}`}
            onClick={() => onOpenTask(task)}
          >
            <span className="calendar-task__title">{task.task_title}</span>
            <span className="calendar-task__time">{formatDuration(task.seconds)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
