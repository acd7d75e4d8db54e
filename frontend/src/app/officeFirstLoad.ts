/**
 * The lazy chunks a cold /office load runs beyond its shell and page: the saga workers of the side
 * menu (projects), the header (tracker, notifications) and the unread count (activities), and the
 * bell. Each is otherwise fetched by the first action or render that needs it, after the shell has
 * rendered, a step later in the request chain (bench/README.md, "first load"). Asked for together
 * with the shell's and page's chunks when /office opens with a stored session (AppRoutes); the later
 * `import()` of each finds it loaded. A missing one only costs that step again.
 */
export function preloadOfficeFirstLoad(): void {
  void import('../features/projects/workers');
  void import('../features/tracker/workers');
  void import('../features/notifications/workers');
  void import('../features/activities/workers');
  void import('../features/notifications/components/NotificationsBell');
}
