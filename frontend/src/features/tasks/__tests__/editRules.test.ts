import { describe, expect, it } from 'vitest';
import type { ProjectMembership, Task } from '../../../api/types';
import {
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  URL_INVALID,
  canManageTask,
  memberIds,
  memberOptions,
  ownerOptions,
  priorityLabel,
  savedMessage,
  taskChanges,
  titleError,
  urlError,
} from '../editRules';

const person = (id: number, display_name: string) => ({ id, display_name, full_name: display_name, avatar: null });
const task = {
  id: 7,
  title: 'Draw the home page',
  url: null,
  priority: 0,
  owner_user: 1,
  members: [
    { ...person(1, 'Ada'), role_enum: 'owner' },
    { ...person(2, 'Ben'), role_enum: 'contributor' },
  ],
} as unknown as Task;
const membership = (id: number, name: string, access: 'owner' | 'member') =>
  ({ id: 100 + id, user: { ...person(id, name), current_status: { status_enum_identifier: 'working' } }, access_type_enum: access }) as unknown as ProjectMembership;
const projectMembers = [membership(1, 'Ada', 'member'), membership(2, 'Ben', 'member'), membership(3, 'Cy', 'owner')];

describe('task edit rules: the name and the link', () => {
  it('needs a name that is not blank and not too long', () => {
    expect(titleError('   ')).toBe(TITLE_REQUIRED);
    expect(titleError('x'.repeat(256))).toBe(TITLE_TOO_LONG);
    expect(titleError(`  ${'x'.repeat(255)}  `)).toBeNull();
  });
  it('takes an empty link or an http(s) one', () => {
    expect(urlError('')).toBeNull();
    expect(urlError('https://example.org/spec')).toBeNull();
    expect(urlError('example')).toBe(URL_INVALID);
    expect(urlError('javascript:alert(1)')).toBe(URL_INVALID);
    expect(urlError('ftp://example.org')).toBe(URL_INVALID);
  });
  it('names the four priority levels of the spec', () => {
    expect([0, 1, 2, 3].map(priorityLabel)).toEqual(['None', 'Low', 'Medium', 'High']);
  });
});

describe('task edit rules: who changes the owner and the members', () => {
  it('the task owner and project owners; other members do not', () => {
    expect(canManageTask(task, 1, projectMembers)).toBe(true); // the task owner
    expect(canManageTask(task, 3, projectMembers)).toBe(true); // a project owner
    expect(canManageTask(task, 2, projectMembers)).toBe(false);
    expect(canManageTask(task, undefined, projectMembers)).toBe(false);
  });
  it('offers project members only, the owner not among the members', () => {
    const owners = ownerOptions(projectMembers);
    expect(owners.map((o) => o.label)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(memberOptions(owners, 1).map((o) => o.value)).toEqual([2, 3]);
    expect(memberIds(task)).toEqual([2]);
  });
});

describe('task edit rules: the PATCH body', () => {
  it('holds only what changed, the name trimmed and an empty link as null', () => {
    expect(taskChanges(task, { title: ' Draw the home page ' })).toBeNull();
    expect(taskChanges(task, { title: ' Draw it ' })).toEqual({ title: 'Draw it' });
    expect(taskChanges({ ...task, url: 'https://a.org' }, { url: '  ' })).toEqual({ url: null });
    expect(taskChanges(task, { priority: 3 })).toEqual({ priority: 3 });
    expect(taskChanges(task, { owner_user: 2 })).toEqual({ owner_user: 2 });
    expect(taskChanges(task, { members: [2] })).toBeNull();
    expect(taskChanges(task, { members: [3, 2] })).toEqual({ members: [3, 2] });
  });
  it('sends nothing while a field is invalid', () => {
    expect(taskChanges(task, { title: '' })).toBeNull();
    expect(taskChanges(task, { url: 'nope' })).toBeNull();
    expect(taskChanges(task, { priority: 9 })).toBeNull();
  });
  it('words the toast after the change', () => {
    expect(savedMessage({ title: 'x' })).toBe('Task renamed.');
    expect(savedMessage({ priority: 3 })).toBe('Priority set to High.');
    expect(savedMessage({ url: null })).toBe('Link removed.');
    expect(savedMessage({ title: 'x', priority: 1 })).toBe('Task saved.');
  });
});
