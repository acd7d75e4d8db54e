import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ProjectMembership, WorkspaceUser } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { UserAvatar } from '../../../shared/UserAvatar';
import { selectCurrentUser } from '../../../shared/session';
import { projectsActions } from '../slice';
import { MemberSearchBar } from './MemberSearchBar';

// Text colours dark enough on the tags' light backgrounds (WCAG AA 4.5:1).
const STATUS: Record<string, { label: string; color: string; text: string }> = {
  working: { label: 'Working', color: 'green', text: '#135200' },
  taking_break: { label: 'On a break', color: 'blue', text: '#003eb3' },
  out_of_office: { label: 'Out of office', color: 'default', text: 'rgba(0, 0, 0, 0.75)' },
};

const TYPE_OPTIONS = [
  { value: 'owner', label: 'Project Owner' },
  { value: 'member', label: 'Project Member' },
];

/** The project members table with the owner-only add bar and controls (spec 02 §2, §6). */
export function ProjectMembersTable({
  projectId,
  memberships,
  users,
  isOwner,
}: {
  projectId: number;
  memberships: ProjectMembership[];
  users: WorkspaceUser[];
  isOwner: boolean;
}) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const owners = memberships.filter((m) => m.access_type_enum === 'owner').length;

  return (
    <div>
      {isOwner && (
        <div style={{ marginBottom: 12 }}>
          <MemberSearchBar
            users={users}
            addedUserIds={memberships.map((m) => m.user.id)}
            onAdd={(user) => dispatch(projectsActions.memberAddRequested({ projectId, userId: user.id }))}
          />
        </div>
      )}
      <Table<ProjectMembership>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={memberships}
        locale={{ emptyText: 'There are no members in the project.' }}
        columns={[
          {
            title: 'Member',
            key: 'member',
            render: (_, m) => (
              <Space>
                <UserAvatar user={m.user} size={28} />
                <span>{m.user.display_name}</span>
                <Tag
                  color={STATUS[m.user.current_status.status_enum_identifier]?.color}
                  style={{ color: STATUS[m.user.current_status.status_enum_identifier]?.text }}
                >
                  {STATUS[m.user.current_status.status_enum_identifier]?.label}
                </Tag>
              </Space>
            ),
          },
          {
            title: 'Type',
            key: 'type',
            width: 200,
            render: (_, m) =>
              isOwner ? (
                <Select
                  size="small"
                  value={m.access_type_enum}
                  style={{ width: 160 }}
                  aria-label={`Type of ${m.user.display_name}`}
                  // Someone who already is an owner cannot be made a member while they are the last one.
                  options={TYPE_OPTIONS.map((o) => ({ ...o, disabled: o.value === 'member' && m.access_type_enum === 'owner' && owners <= 1 }))}
                  onChange={(value) =>
                    dispatch(projectsActions.memberUpdateRequested({ membership: m, accessType: value, projectRole: m.project_role }))
                  }
                />
              ) : (
                TYPE_OPTIONS.find((o) => o.value === m.access_type_enum)?.label
              ),
          },
          {
            title: 'Role',
            key: 'role',
            render: (_, m) =>
              isOwner ? (
                <Input
                  size="small"
                  defaultValue={m.project_role}
                  placeholder="Project role"
                  aria-label={`Role of ${m.user.display_name}`}
                  style={{ maxWidth: 220 }}
                  onBlur={(e) => {
                    if (e.target.value !== m.project_role)
                      dispatch(projectsActions.memberUpdateRequested({ membership: m, accessType: m.access_type_enum, projectRole: e.target.value }));
                  }}
                />
              ) : (
                m.project_role || '—'
              ),
          },
          { title: 'Tasks', dataIndex: 'task_count', align: 'right', width: 90 },
          {
            title: '',
            key: 'remove',
            width: 56,
            render: (_, m) =>
              (isOwner || m.user.id === me?.id) && (
                <Popconfirm
                  title={m.user.id === me?.id ? 'Leave this project?' : `Remove ${m.user.display_name} from the project?`}
                  description="They lose access and cannot allocate hours to it."
                  okText="Remove"
                  onConfirm={() => dispatch(projectsActions.memberRemoveRequested(m))}
                >
                  <Button size="small" type="text" danger aria-label={`Remove ${m.user.display_name}`} icon={<DeleteOutlined />} />
                </Popconfirm>
              ),
          },
        ]}
      />
    </div>
  );
}
