import type { Notification } from '../../api/types';
import { build, paths } from '../../shared/routes';

/**
 * Where a notification leads (issue 26): an activity's task on its Activity tab, a list or a
 * project you were added to; nothing for a removal (there is nothing of it left to open).
 */
export function notificationTarget(item: Notification): string | null {
  switch (item.kind) {
    case 'activity_submitted':
    case 'activity_confirmed':
      return item.task ? build.task(item.task.id, item.task.title, 'activity') : null;
    case 'added_to_list':
      return item.list ? build.list(item.list.id, item.list.title) : null;
    case 'added_to_project':
      return item.project ? build.project(item.project.id, item.project.title) : null;
    // Closing the week (docs/closing.md): a period sent back, a correction decided, a reminder.
    case 'period_rejected':
    case 'correction_decided':
    case 'closing_reminder':
      return paths.history;
    case 'approval_reminder':
      return paths.approvals;
    // Reminders and the morning digest (docs/reminders.md).
    case 'office_start_reminder':
    case 'tracker_reminder':
      return paths.office;
    case 'checkout_note_reminder':
      return paths.checkout;
    case 'morning_digest':
      return paths.digest;
    // The shift guardian (docs/guardian.md): 'Still working?' is answered in the office; time off
    // (docs/timeaccount.md): the office line's Time off opens the requests.
    case 'shift_guardian':
    case 'time_off_requested':
    case 'time_off_decided':
      return paths.office;
    default:
      return null;
  }
}
