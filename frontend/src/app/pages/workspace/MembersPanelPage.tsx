import { useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member, MemberCreated } from '../../../api/types';
import { deactivateMember, fetchMembers, inviteMember, reactivateMember } from '../../../api/workspace';
import { feedback } from '../../../shared/feedback';
import { useAppSelector } from '../../../shared/hooks';
import { PageFrame } from '../../../shared/PageFrame';
import { selectCurrentUser } from '../../../shared/session';
import { UserAvatar } from '../../../shared/UserAvatar';
import { AddMemberWizard } from '../../../features/workspace/components/AddMemberWizard';
import { PanelToolbar } from '../../../features/workspace/components/PanelToolbar';
import { MemberAccountPanel, type PanelSection } from '../../../features/workspace/components/MemberAccountPanel';
import { USER_TYPE_LABEL, lastActiveText, locationText } from '../../../features/workspace/memberForm';
import { useFailure } from '../../../features/workspace/useAdminCall';
import { usePanelRows } from '../../../features/workspace/usePanelRows';

export const MEMBER_SEARCH_DEBOUNCE_MS = 1000;
const PAGE_SIZE = 50;
type Filter = 'Active' | 'Inactive';

/** The workspace area's Members panel (spec 02 §2). */
export default function MembersPanelPage() {
  const me = useAppSelector(selectCurrentUser);
  const fail = useFailure();
  const { filter, setFilter, search, setSearch, page, setPage, rows, count, loading, reload, refresh } = usePanelRows<Filter, Member>({
    initialFilter: 'Active',
    debounceMs: MEMBER_SEARCH_DEBOUNCE_MS,
    fetchPage: (query) =>
      fetchMembers({ status: query.filter === 'Active' ? 'active' : 'inactive', search: query.search, page: query.page, page_size: PAGE_SIZE }),
    failText: 'The members could not be loaded.',
  });
  const [people, setPeople] = useState<Member[]>([]);
  const [opened, setOpened] = useState<{ id: number; section: PanelSection } | null>(null);
  const [adding, setAdding] = useState(false);
  const [wizardKey, setWizardKey] = useState(0);
  const [link, setLink] = useState<MemberCreated | null>(null);

  // Everyone active, for the team page choices of the wizard and the account panel.
  useEffect(() => {
    fetchMembers({ status: 'active', page_size: 100 })
      .then((answer) => setPeople(answer.results))
      .catch(() => setPeople([]));
  }, [reload]);

  const invite = async (member: Member) => {
    try {
      const answer = await inviteMember(member.id);
      feedback.success(answer.detail);
    } catch (error) {
      fail(error, 'The invitation could not be sent.');
    }
  };

  const deactivate = (member: Member) => {
    feedback.confirm({
      title: `Deactivate ${member.display_name || member.email}?`,
      content: 'They are signed out on every device at once and cannot sign in until you reactivate them. Their data stays.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deactivateMember(member.id);
          feedback.success(`${member.display_name || member.email} deactivated.`);
          refresh();
        } catch (error) {
          fail(error, 'The member could not be deactivated.');
        }
      },
    });
  };

  const reactivate = async (member: Member) => {
    try {
      await reactivateMember(member.id);
      feedback.success(`${member.display_name || member.email} reactivated.`);
      refresh();
    } catch (error) {
      fail(error, 'The member could not be reactivated.');
    }
  };

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
                      onClick: () => void invite(member),
                    },
                    { key: 'profile', label: 'Edit profile', onClick: () => setOpened({ id: member.id, section: 'profile' }) },
                    { key: 'deactivate', label: 'Deactivate', danger: true, onClick: () => deactivate(member) },
                  ]
                : [
                    { key: 'account', label: 'Edit Account', onClick: () => setOpened({ id: member.id, section: 'account' }) },
                    { key: 'reactivate', label: 'Reactivate', onClick: () => void reactivate(member) },
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
      <PanelToolbar<Filter>
        filters={['Active', 'Inactive']}
        filter={filter}
        filterLabel="Member status"
        onFilter={setFilter}
        search={search}
        searchPlaceholder="Search by display name"
        searchLabel="Search members"
        onSearch={setSearch}
      />
      <Table<Member>
        className="workspace-table"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 1100, y: '55rem' }}
        locale={{ emptyText: filter === 'Active' ? 'No members found.' : 'There are no inactive members.' }}
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
        onSaved={() => {
          setOpened(null);
          refresh();
        }}
      />
      {me && (
        <AddMemberWizard
          key={wizardKey}
          open={adding}
          adminId={me.id}
          people={people}
          onClose={() => setAdding(false)}
          onAdded={(created) => {
            setAdding(false);
            if (created.set_password_link) setLink(created);
            refresh();
          }}
        />
      )}
      <Modal
        open={link !== null}
        title="Set-password link"
        onCancel={() => setLink(null)}
        footer={[
          <Button
            key="copy"
            onClick={() => {
              if (link?.set_password_link) void navigator.clipboard?.writeText(link.set_password_link).then(() => feedback.success('Link copied.'));
            }}
          >
            Copy link
          </Button>,
          <Button key="done" type="primary" onClick={() => setLink(null)}>
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
