import { Alert, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Member } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { PageFrame } from '../../../shared/PageFrame';
import { UserAvatar } from '../../../shared/UserAvatar';
import { useTeamPages } from '../../../features/workspace/hooks';
import { workspaceActions } from '../../../features/workspace/slice';

/**
 * The workspace area's Team Page view: whom each member observes on their team page (spec 02 §2,
 * §3 Team page observation). A change is saved at once.
 */
export default function TeamPagesPanelPage() {
  const dispatch = useAppDispatch();
  // Everyone active, as the wizard's choices (workers.ts loadPeople); a save patches the member's row.
  const { members, saving, problem } = useTeamPages();
  const save = (member: Member, ids: number[]) => dispatch(workspaceActions.teamPageSaveRequested({ member, ids }));

  const columns: TableColumnsType<Member> = [
    {
      title: 'Member',
      key: 'member',
      width: 240,
      render: (_, member) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          <UserAvatar user={member} size={32} />
          {member.display_name || member.email}
          {member.team_page_access_granted_yn ? <Tag style={{ color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' }}>Team page on</Tag> : <Tag>Team page off</Tag>}
        </span>
      ),
    },
    {
      title: 'Observes',
      key: 'observes',
      render: (_, member) => (
        <Select
          mode="multiple"
          style={{ width: '100%', minWidth: 240 }}
          aria-label={`Members ${member.display_name || member.email} observes`}
          placeholder="Nobody yet"
          optionFilterProp="label"
          loading={saving === member.id}
          value={member.team_pages.map((entry) => entry.observed_user.id)}
          options={(members ?? []).filter((other) => other.id !== member.id).map((other) => ({ value: other.id, label: other.display_name || other.email }))}
          onChange={(ids: number[]) => save(member, ids)}
        />
      ),
    },
  ];

  return (
    <PageFrame title="Team Page">
      <p className="workspace-muted">
        Team page owners see the members they observe: their status, time and checkout. Turn a member&apos;s team page on in their
        account (Access Rights).
      </p>
      {problem && <Alert type="warning" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} />}
      <Table<Member> rowKey="id" columns={columns} dataSource={members ?? []} loading={members === null} pagination={false} scroll={{ x: 700 }} />
    </PageFrame>
  );
}
