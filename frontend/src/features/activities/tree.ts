import type { UnreadProject } from '../../api/types';

// The unread tree (spec 02 §3) and what marking read does to it (spec 02 §4): counts go down,
// and tasks, sections, lists and projects that reach zero disappear.

/** A node of the tree as the page animates it: 'p:1', 'l:2', 's:3', 't:4', 'a:5'. */
export type NodeKey = `${'p' | 'l' | 's' | 't' | 'a'}:${number}`;

/** Read activities per task: how many of each task's unread ones were read. */
export type ReadCounts = Record<number, number>;

export function treeCount(tree: UnreadProject[]): number {
  let total = 0;
  for (const project of tree)
    for (const list of project.lists)
      for (const section of list.sections) for (const task of section.tasks) total += task.activity_count;
  return total;
}

/** The tree with each task's count lowered by `read[task]`; emptied nodes removed, bottom up. */
export function pruneTree(tree: UnreadProject[], read: ReadCounts): UnreadProject[] {
  return tree
    .map((project) => ({
      ...project,
      lists: project.lists
        .map((list) => ({
          ...list,
          sections: list.sections
            .map((section) => ({
              ...section,
              tasks: section.tasks
                .map((task) => ({ ...task, activity_count: task.activity_count - (read[task.id] ?? 0) }))
                .filter((task) => task.activity_count > 0),
            }))
            .filter((section) => section.tasks.length > 0),
        }))
        .filter((list) => list.sections.length > 0),
    }))
    .filter((project) => project.lists.length > 0);
}

/** Every unread activity of these tasks read (mark all of a task). */
export function allOfTasks(tree: UnreadProject[], taskIds: number[]): ReadCounts {
  const wanted = new Set(taskIds);
  const read: ReadCounts = {};
  for (const project of tree)
    for (const list of project.lists)
      for (const section of list.sections)
        for (const task of section.tasks) if (wanted.has(task.id)) read[task.id] = task.activity_count;
  return read;
}

/** Every unread activity of a project read. */
export function allOfProject(tree: UnreadProject[], projectId: number): ReadCounts {
  const project = tree.find((row) => row.id === projectId);
  if (!project) return {};
  const ids = project.lists.flatMap((list) => list.sections.flatMap((section) => section.tasks.map((task) => task.id)));
  return allOfTasks(tree, ids);
}

/** Read counts from the items a mark-as-read answered ({activity, task}). */
export function countsOfItems(items: { task: number }[]): ReadCounts {
  const read: ReadCounts = {};
  for (const item of items) read[item.task] = (read[item.task] ?? 0) + 1;
  return read;
}

/**
 * The nodes that will disappear, in the order the page animates them (150 ms per step):
 * the emptied tasks, then their sections, lists and projects.
 */
export function emptiedNodes(tree: UnreadProject[], read: ReadCounts): NodeKey[] {
  const tasks: NodeKey[] = [];
  const sections: NodeKey[] = [];
  const lists: NodeKey[] = [];
  const projects: NodeKey[] = [];
  for (const project of tree) {
    let projectLeft = 0;
    for (const list of project.lists) {
      let listLeft = 0;
      for (const section of list.sections) {
        let sectionLeft = 0;
        for (const task of section.tasks) {
          const left = task.activity_count - (read[task.id] ?? 0);
          if (left <= 0) tasks.push(`t:${task.id}`);
          else sectionLeft += left;
        }
        if (sectionLeft === 0) sections.push(`s:${section.id}`);
        listLeft += sectionLeft;
      }
      if (listLeft === 0) lists.push(`l:${list.id}`);
      projectLeft += listLeft;
    }
    if (projectLeft === 0) projects.push(`p:${project.id}`);
  }
  return [...tasks, ...sections, ...lists, ...projects];
}

/** Where a task sits in the tree (for filters and breadcrumbs). */
export interface TaskPlace {
  projectId: number;
  projectName: string;
  listId: number;
  listName: string;
  sectionId: number;
  sectionName: string;
}

export function taskPlaces(tree: UnreadProject[]): Map<number, TaskPlace> {
  const places = new Map<number, TaskPlace>();
  for (const project of tree)
    for (const list of project.lists)
      for (const section of list.sections)
        for (const task of section.tasks)
          places.set(task.id, {
            projectId: project.id,
            projectName: project.project_name,
            listId: list.id,
            listName: list.list_name,
            sectionId: section.id,
            sectionName: section.section_name,
          });
  return places;
}

export interface TreeFilter {
  projectId: number | null;
  listId: number | null;
  sectionId: number | null;
  taskId: number | null;
}

export const NO_FILTER: TreeFilter = { projectId: null, listId: null, sectionId: null, taskId: null };

/** The tree narrowed by the cascading filter (project, then list, section and task). */
export function filterTree(tree: UnreadProject[], filter: TreeFilter): UnreadProject[] {
  return tree
    .filter((project) => filter.projectId === null || project.id === filter.projectId)
    .map((project) => ({
      ...project,
      lists: project.lists
        .filter((list) => filter.listId === null || list.id === filter.listId)
        .map((list) => ({
          ...list,
          sections: list.sections
            .filter((section) => filter.sectionId === null || section.id === filter.sectionId)
            .map((section) => ({
              ...section,
              tasks: section.tasks.filter((task) => filter.taskId === null || task.id === filter.taskId),
            }))
            .filter((section) => section.tasks.length > 0),
        }))
        .filter((list) => list.sections.length > 0),
    }))
    .filter((project) => project.lists.length > 0);
}

/** A day heading for the activities of a task: 'Today', 'Yesterday', then weekday names within a
 * week, then 'dddd, MMM D'. */
export function dayLabel(date: Date, now: Date): string {
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekday;
  return `${weekday}, ${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`;
}

/** What a read (ours, or one on another device) covers. */
export interface ReadApplied {
  /** Activities read, each with its task (a mark-as-read answer, a single read log). */
  items: { activity: number; task: number }[];
  /** Tasks or a project read whole (mark all of a task or project). */
  wholeTasks?: number[];
  wholeProject?: number | null;
  /** The server's count after the read, when the answer carried it. */
  unreadCount?: number;
}

export interface UnreadAfterRead {
  tree: UnreadProject[];
  count: number | null;
  /** Every activity id read here so far (a live event repeating our own read changes nothing). */
  readIds: number[];
  /** The read activities to show as read. */
  activityIds: number[];
}

/** The tree, badge count and read ids after a read; an activity already read counts once. */
export function applyRead(
  current: { tree: UnreadProject[]; count: number | null; readIds: number[] },
  read: ReadApplied,
): UnreadAfterRead {
  const known = new Set(current.readIds);
  const counts: ReadCounts = {};
  for (const item of read.items) {
    if (known.has(item.activity)) continue;
    known.add(item.activity);
    counts[item.task] = (counts[item.task] ?? 0) + 1;
  }
  const whole = {
    ...(read.wholeTasks ? allOfTasks(current.tree, read.wholeTasks) : {}),
    ...(read.wholeProject ? allOfProject(current.tree, read.wholeProject) : {}),
  };
  for (const [task, count] of Object.entries(whole)) counts[Number(task)] = Math.max(counts[Number(task)] ?? 0, count);
  const tree = pruneTree(current.tree, counts);
  const removed = treeCount(current.tree) - treeCount(tree);
  const count =
    read.unreadCount !== undefined ? read.unreadCount : current.count === null ? null : Math.max(0, current.count - removed);
  return { tree, count, readIds: [...known], activityIds: read.items.map((item) => item.activity) };
}
