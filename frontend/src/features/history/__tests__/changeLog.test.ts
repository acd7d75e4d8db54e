import { describe, expect, it } from 'vitest';
import type { ChangeLogEntry } from '../../../api/types';
import { describeChange } from '../changeLog';

const entry = (old_value: object, new_value: object) =>
  ({ changed_value_type_enum: 'allocated_time', old_value, new_value }) as unknown as ChangeLogEntry;

describe('edit history entries name what changed', () => {
  it('names the task and both times', () => {
    expect(describeChange(entry({ task_title: 'Hero', seconds_worked: 0 }, { task_title: 'Hero', seconds_worked: 1800 }), 'UTC')).toBe(
      'Changed time on “Hero” from 0m to 30m',
    );
  });

  it('says a task left the day with its time, never "from 0m to 0m"', () => {
    const text = describeChange(entry({ task_title: 'Hero', seconds_worked: 40 }, { task_title: 'Hero', seconds_worked: 0, removed_from_work_day: true }), 'UTC');
    expect(text).toBe('Removed “Hero” from the day: its 0m went to unallocated');
    expect(describeChange(entry({ task_title: 'Hero', seconds_worked: 0 }, { task_title: 'Hero', seconds_worked: 40 }), 'UTC')).toBe(
      'Changed time on “Hero” by under a minute (0m)',
    );
  });
});
