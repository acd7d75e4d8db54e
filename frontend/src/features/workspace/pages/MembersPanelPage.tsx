import { useState } from 'react';
import { Alert, Avatar, Button, Dropdown, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member } from '../../../api/types';
import { feedback } from '../../../shared/feedback';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { PageFrame } from '../../../shared/PageFrame';
import { selectCurrentUser } from '../../../shared/session';
import { UserAvatar } from '../../../shared/UserAvatar';
import { AddMemberWizard } from '../components/AddMemberWizard';
import { PanelToolbar } from '../components/PanelToolbar';
import { MemberAccountPanel, type PanelSection } from '../components/MemberAccountPanel';
import { usePeople, useMemberRows } from '../hooks';
import { USER_TYPE_LABEL, lastActiveText, locationText } from '../memberForm';
import { selectLink } from '../selectors';
import { workspaceActions, type MemberFilter } from '../slice';
import { PAGE_SIZE } from '../workers';

export const MEMBER_SEARCH_DEBOUNCE_MS = 1000;

/** The workspace area's Members panel (spec 02 §2). */
export default function MembersPanelPage({ accountExtra }: { accountExtra?: (memberId: number) => React.ReactNode } = {}) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const { filter, setFilter, search, setSearch, page, setPage, rows, count, loading, problem } = useMemberRows(MEMBER_SEARCH_DEBOUNCE_MS);
  const people = usePeople();
  const link = useAppSelector(selectLink);
  const [opened, setOpened] = useState<{ id: number; section: PanelSection } | null>(null);
  const [adding, setAdding] = useState(false);
  const [wizardKey, setWizardKey] = useState(0);

  const invite = (member: Member) => dispatch(workspaceActions.inviteRequested(member));
  const deactivate = (member: Member) => {
    feedback.confirm({
      title: `Deactivate ${member.display_name || member.email}?`,
      content: 'They are signed out on every device at once and cannot sign in until you reactivate them. Their data stays.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: () => {
        dispatch(workspaceActions.deactivateRequested(member));
      },
    });
  };
  const reactivate = (member: Member) => dispatch(workspaceActions.reactivateRequested(member));

  const columns: TableColumnsType<Member> = [
    {
      title: 'Member',
      key: 'member',
      width: 260,
      render: (_, member) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
          <UserAvatar user={member} size={32} />
          <span style={{ minWidth: 0 }}>
            <Typography.Text strong>{member.display_name || member.email}</Typography.Text>
            {member.invitation_pending && <Tag style={{ marginLeft: 8 }}>Invited</Tag>}
            <div className="workspace-muted" style={{ fontSize: 12 }}>
              {member.email}
            </div>
          </span>
        </span>
      ),
    },
    { title: 'Full name', dataIndex: 'full_name', width: 180 },
    { title: 'User type', dataIndex: 'workspace_user_type', width: 110, render: (type: string) => USER_TYPE_LABEL[type] ?? type },
    { title: 'Location', key: 'location', width: 170, render: (_, member) => locationText(member) || <span className="workspace-muted">Not set</span> },
    { title: 'Last active', dataIndex: 'last_active', width: 160, render: (value: string | null) => lastActiveText(value) },
    {
      title: 'Team pages',
      key: 'team_pages',
      width: 170,
      render: (_, member) =>
        member.team_pages.length === 0 ? (
          <span className="workspace-muted">None</span>
        ) : (
          <Avatar.Group max={{ count: 4 }} size={28}>
            {member.team_pages.map((entry) => (
              <Tooltip key={entry.observed_user.id} title={entry.observed_user.display_name}>
                <span>
                  <UserAvatar user={entry.observed_user} size={28} />
                </span>
              </Tooltip>
            ))}
          </Avatar.Group>
        ),
    },
    {
      title: <span className="sr-only">Actions</span>,
      key: 'actions',
      width: 64,
      fixed: 'right',
      render: (_, member) => (
        // The row opens the account panel: the menu's clicks stay in the menu.
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events
        <span onClick={(event) => event.stopPropagation()}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: member.is_active
                ? [
                    { key: 'account', label: 'Edit Account', onClick: () => setOpened({ id: member.id, section: 'account' }) },
                    {
                      key: 'invite',
                      label: member.invitation_pending ? 'Invite' : <Tooltip title="Already joined: has set a password">Invite</Tooltip>,
                      disabled: !member.invitation_pending,
                      onClick: () => invite(member),
                    },
                    { key: 'profile', label: 'Edit profile', onClick: () => setOpened({ id: member.id, section: 'profile' }) },
                    { key: 'deactivate', label: 'Deactivate', danger: true, onClick: () => deactivate(member) },
                  ]
                : [
                    { key: 'account', label: 'Edit Account', onClick: () => setOpened({ id: member.id, section: 'account' }) },
                    { key: 'reactivate', label: 'Reactivate', onClick: () => reactivate(member) },
                  ],
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${member.display_name || member.email}`} />
          </Dropdown>
        </span>
      ),
    },
  ];

  return (
    <PageFrame
      title="Members"
      extra={
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => {
            setWizardKey((value) => value + 1);
            setAdding(true);
          }}>
          Add new member
        </Button>
      }
    >
      <PanelToolbar<MemberFilter>
        filters={['Active', 'Inactive']}
        filter={filter}
        filterLabel="Member status"
        onFilter={setFilter}
        search={search}
        searchPlaceholder="Search by display name"
        searchLabel="Search members"
        onSearch={setSearch}
      />
      {problem && <Alert type="warning" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} data-testid="members-problem" />}
      <Table<Member>
        className="workspace-table"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 1100, y: '55rem' }}
        locale={{ emptyText: problem ? 'Nothing loaded.' : filter === 'Active' ? 'No members found.' : 'There are no inactive members.' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: count, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
        onRow={(member) => ({
          onClick: () => setOpened({ id: member.id, section: 'profile' }),
          onKeyDown: (event) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) setOpened({ id: member.id, section: 'profile' });
          },
          tabIndex: 0,
          'aria-label': `Open ${member.display_name || member.email}'s account`,
        })}
      />
      <MemberAccountPanel
        key={opened ? `${opened.id}-${opened.section}` : 'closed'}
        memberId={opened?.id ?? null}
        section={opened?.section ?? 'profile'}
        people={people}
        onClose={() => setOpened(null)}
        onSaved={() => setOpened(null)}
        extra={accountExtra}
      />
      {me && (
        <AddMemberWizard
          key={wizardKey}
          open={adding}
          adminId={me.id}
          people={people}
          onClose={() => setAdding(false)}
          onAdded={() => setAdding(false)}
        />
      )}
      <Modal
        open={link !== null}
        title="Set-password link"
        onCancel={() => dispatch(workspaceActions.linkClosed())}
        footer={[
          <Button
            key="copy"
            onClick={() => {
              if (link?.set_password_link) void navigator.clipboard?.writeText(link.set_password_link).then(() => feedback.success('Link copied.'));
            }}
          >
            Copy link
          </Button>,
          <Button key="done" type="primary" onClick={() => dispatch(workspaceActions.linkClosed())}>
            Done
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          Give this link to {link?.member.display_name || link?.member.email}: it lets them set their password once. It is shown only now.
        </Typography.Paragraph>
        <div className="set-password-link" data-testid="set-password-link">
          {link?.set_password_link}
        </div>
      </Modal>
    </PageFrame>
  );
}
