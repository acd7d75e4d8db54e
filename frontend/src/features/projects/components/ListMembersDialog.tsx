import { Avatar, Button, Modal, Popconfirm, Table, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ProjectMembership, TaskList, TaskListMembership, WorkspaceUser } from '../../../api/types';
import { UserAvatar } from '../../../shared/UserAvatar';
import { MemberSearchBar } from './MemberSearchBar';

export function MembersAvatarGroup({ members, max = 3, onClick }: { members: TaskListMembership[]; max?: number; onClick?: () => void }) {
  const group = (
    <Avatar.Group max={{ count: max }} size={28}>
      {members.map((m) => (
        <Tooltip key={m.id} title={m.user.display_name}>
          <span>
            <UserAvatar user={m.user} size={28} />
          </span>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
  if (!onClick) return group;
  return (
    <button type="button" onClick={onClick} aria-label="List members" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}>
      {members.length ? group : <span style={{ color: 'rgba(0,0,0,0.6)' }}>No members</span>}
    </button>
  );
}

/** The list members table: no Type column; owners add project members to the list. */
export function ListMembersTable({
  members,
  projectMembers,
  isOwner,
  onAdd,
  onRemove,
}: {
  members: TaskListMembership[];
  projectMembers: ProjectMembership[];
  isOwner: boolean;
  onAdd: (userId: number) => void;
  onRemove: (membership: TaskListMembership) => void;
}) {
  const candidates: WorkspaceUser[] = projectMembers.map((m) => ({ ...m.user }));
  return (
    <div>
      {isOwner && (
        <div style={{ marginBottom: 12 }}>
          <MemberSearchBar
            users={candidates}
            addedUserIds={members.map((m) => m.user.id)}
            onAdd={(user) => onAdd(user.id)}
            placeholder="Search or add new list member"
          />
        </div>
      )}
      <Table<TaskListMembership>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={members}
        locale={{ emptyText: 'There are no members in the list.' }}
        columns={[
          {
            title: 'Member',
            key: 'member',
            render: (_, m) => (
              <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <UserAvatar user={m.user} size={28} />
                {m.user.display_name}
              </span>
            ),
          },
          { title: 'Role', dataIndex: 'project_role', render: (role: string) => role || '—' },
          {
            title: '',
            key: 'remove',
            width: 56,
            render: (_, m) =>
              isOwner && (
                <Popconfirm title={`Remove ${m.user.display_name} from the list?`} okText="Remove" onConfirm={() => onRemove(m)}>
                  <Button size="small" type="text" danger aria-label={`Remove ${m.user.display_name} from the list`} icon={<DeleteOutlined />} />
                </Popconfirm>
              ),
          },
        ]}
      />
    </div>
  );
}

/** "{list title}'s list members" with Done (width 976, spec 02 §9). */
export function ListMembersDialog(props: {
  list: TaskList | null;
  members: TaskListMembership[];
  projectMembers: ProjectMembership[];
  isOwner: boolean;
  onAdd: (userId: number) => void;
  onRemove: (membership: TaskListMembership) => void;
  onClose: () => void;
}) {
  const { list, onClose, ...table } = props;
  return (
    <Modal
      open={list !== null}
      width={976}
      title={list ? `${list.title}'s list members` : ''}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <ListMembersTable {...table} />
    </Modal>
  );
}
