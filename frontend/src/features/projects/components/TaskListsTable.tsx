import { useMemo, useState } from 'react';
import { Button, Dropdown, Segmented, Switch, Table, Tooltip } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import type { TaskList, TaskListMembership } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { build } from '../../../shared/routes';
import { formatTime } from '../../../shared/time';
import { useBeta } from '../../../shared/useBeta';
import { projectsActions } from '../slice';
import { MembersAvatarGroup } from './ListMembersDialog';

interface Props {
  lists: TaskList[];
  listMemberships: TaskListMembership[];
  isOwner: boolean;
  onRename: (list: TaskList) => void;
  onMembers: (list: TaskList) => void;
}

/** The Task Lists table of the overview (spec 02 §2): Active / Archived, sorted by title. */
export function TaskListsTable({ lists, listMemberships, isOwner, onRename, onMembers }: Props) {
  const dispatch = useAppDispatch();
  const { link } = useBeta();
  const [tab, setTab] = useState<'active' | 'archived'>('active');
  const active = lists.filter((l) => !l.archived_yn);
  const archived = lists.filter((l) => l.archived_yn);
  const rows = useMemo(
    () => (tab === 'active' ? active : archived).slice().sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })),
    [tab, active, archived],
  );
  const membersOf = (listId: number) => listMemberships.filter((m) => m.task_list === listId);

  return (
    <div>
      <Segmented
        value={tab}
        onChange={(value) => setTab(value as 'active' | 'archived')}
        options={[
          { value: 'active', label: `Active (${active.length})` },
          { value: 'archived', label: `Archived (${archived.length})` },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<TaskList>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: tab === 'active' ? 'There are no task lists yet.' : 'There are no archived task lists yet.' }}
        columns={[
          {
            title: 'Name',
            key: 'name',
            sorter: (a, b) => a.title.localeCompare(b.title),
            render: (_, list) => <Link to={link(build.list(list.id, list.title))}>{list.title}</Link>,
          },
          { title: 'Tasks', dataIndex: 'task_count', align: 'right', width: 90, sorter: (a, b) => a.task_count - b.task_count },
          {
            title: 'Show in sidebar',
            key: 'sidebar',
            width: 140,
            render: (_, list) => {
              const toggle = (
                <Switch
                  size="small"
                  checked={list.show_list_in_sidebar_yn}
                  disabled={!list.membership_id || list.archived_yn}
                  aria-label={`Show ${list.title} in sidebar`}
                  onChange={(show) => dispatch(projectsActions.listSidebarToggled({ list, show }))}
                />
              );
              return list.membership_id ? toggle : <Tooltip title="You need to be a member of this list">{toggle}</Tooltip>;
            },
          },
          { title: 'Unread activities', dataIndex: 'unread_activity_count', align: 'right', width: 150 },
          {
            title: 'Last active',
            key: 'last',
            width: 170,
            sorter: (a, b) => dayjs(a.latest_activity ?? 0).valueOf() - dayjs(b.latest_activity ?? 0).valueOf(),
            render: (_, list) => (list.latest_activity ? `${dayjs(list.latest_activity).format('YYYY-MM-DD')} ${formatTime(list.latest_activity)}` : '—'),
          },
          {
            title: 'Members',
            key: 'members',
            width: 150,
            render: (_, list) => <MembersAvatarGroup members={membersOf(list.id)} onClick={() => onMembers(list)} />,
          },
          ...(isOwner
            ? [
                {
                  title: '',
                  key: 'actions',
                  width: 56,
                  render: (_: unknown, list: TaskList) => (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          { key: 'rename', label: 'Rename', onClick: () => onRename(list) },
                          list.archived_yn
                            ? { key: 'unarchive', label: 'Unarchive', onClick: () => dispatch(projectsActions.taskListArchiveToggled({ list, archived: false })) }
                            : { key: 'archive', label: 'Archive', onClick: () => dispatch(projectsActions.taskListArchiveToggled({ list, archived: true })) },
                        ],
                      }}
                    >
                      <Button type="text" size="small" aria-label={`Actions for ${list.title}`} icon={<MoreOutlined />} />
                    </Dropdown>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
