import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import type { Member, MemberDetail, MemberUpdateRequest } from '../../../api/types';
import { feedback } from '../../../shared/feedback';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { calendarConfigOf, calendarUrlOf } from '../../../shared/integrations/calendar';
import { CalendarUrlField } from '../../../shared/integrations/CalendarUrlField';
import { ProfileFields, type ProfileFieldValues } from '../../../shared/profileFields/ProfileFields';
import { useRequest } from '../../../shared/requests/useRequest';
import { UserAvatar } from '../../../shared/UserAvatar';
import { useMemberAccount } from '../hooks';
import { MESSAGES, USER_TYPES, WORK_HOURS_SOURCES, WORKSPACE_ROLES, checkConfig, configText, lastActiveText, parseConfig } from '../memberForm';
import { selectTwoFactorResetting } from '../selectors';
import { workspaceActions } from '../slice';

export type PanelSection = 'profile' | 'account';

interface Props {
  memberId: number | null;
  /** Where the panel opens: Edit profile or Edit Account. */
  section: PanelSection;
  /** Members of the workspace, for the team page's choice. */
  people: Member[];
  onClose: () => void;
  onSaved: () => void;
  /** More sections the app composes in (the working-time account, issue 27), by member id. */
  extra?: (memberId: number) => React.ReactNode;
}

interface Values extends ProfileFieldValues {
  email: string;
  workspace_user_type: MemberDetail['workspace_user_type'];
  workspace_role: MemberDetail['workspace_role'];
  allow_add_manual_shifts: boolean;
  allow_invisible_mode: boolean;
  team_page_access_granted_yn: boolean;
  has_beta_version_access_yn: boolean;
  team_pages: number[];
  work_hours_source: MemberDetail['work_hours_source'];
  external_tracker_enabled: boolean;
  tracker_config: string;
  calendarUrl: string;
}

function valuesOf(member: MemberDetail): Values {
  return {
    full_name: member.full_name,
    display_name: member.display_name,
    what_i_do: member.what_i_do,
    country: member.country,
    city: member.city,
    timezone: member.timezone,
    phone_number: member.phone_number,
    email: member.email,
    workspace_user_type: member.workspace_user_type,
    workspace_role: member.workspace_role,
    allow_add_manual_shifts: member.allow_add_manual_shifts,
    allow_invisible_mode: member.allow_invisible_mode,
    team_page_access_granted_yn: member.team_page_access_granted_yn,
    has_beta_version_access_yn: member.has_beta_version_access_yn,
    team_pages: member.team_pages.map((entry) => entry.observed_user.id),
    work_hours_source: member.work_hours_source,
    external_tracker_enabled: member.external_tracker_enabled,
    tracker_config: configText(member.external_tracker_config_json),
    calendarUrl: calendarUrlOf(member.external_calendar_config_json),
  };
}

const SERVER_FIELD: Record<string, keyof Values> = {
  external_tracker_config_json: 'tracker_config',
  external_calendar_config_json: 'calendarUrl',
  observed_user_ids: 'team_pages',
};

function bodyOf(values: Values): MemberUpdateRequest {
  const tracker = parseConfig(values.tracker_config);
  return {
    full_name: values.full_name,
    display_name: values.display_name,
    what_i_do: values.what_i_do,
    country: values.country,
    city: values.city,
    timezone: values.timezone,
    phone_number: values.phone_number,
    email: values.email,
    workspace_user_type: values.workspace_user_type,
    workspace_role: values.workspace_role,
    allow_add_manual_shifts: values.allow_add_manual_shifts,
    allow_invisible_mode: values.allow_invisible_mode,
    team_page_access_granted_yn: values.team_page_access_granted_yn,
    has_beta_version_access_yn: values.has_beta_version_access_yn,
    work_hours_source: values.work_hours_source,
    external_tracker_enabled: values.external_tracker_enabled,
    external_tracker_config_json: values.external_tracker_enabled ? tracker.value : null,
    external_calendar_config_json: calendarConfigOf(values.calendarUrl),
  };
}

/** The member account panel (spec 02 §2): Profile, Account, Access Rights, Integration, Projects. */
export function MemberAccountPanel({ memberId, section, people, onClose, onSaved, extra }: Props) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const { member, failed } = useMemberAccount(memberId);
  const { request, next } = useRequest(onSaved);
  const saving = request?.status === 'pending';
  const trackerOn = Form.useWatch('external_tracker_enabled', form);

  useEffect(() => {
    if (!member) return;
    form.setFieldsValue(valuesOf(member));
    window.requestAnimationFrame(() => form.getFieldInstance(section === 'account' ? 'email' : 'full_name')?.focus?.());
    // Once the member is in; the section does not change while the panel is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member]);
  useEffect(() => {
    if (failed) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);
  // The server's field messages go next to their fields.
  useEffect(() => {
    if (request?.status !== 'failed') return;
    const fields = Object.entries(request.fieldErrors).map(([name, errors]) => ({ name: SERVER_FIELD[name] ?? (name as keyof Values), errors }));
    if (fields.length) form.setFields(fields);
  }, [request, form]);

  const save = (values: Values) => {
    if (!member) return;
    const before = member.team_pages.map((entry) => entry.observed_user.id).sort().join();
    const teamPages = [...values.team_pages].sort().join() !== before ? values.team_pages : null;
    dispatch(workspaceActions.accountSaveRequested({ requestId: next(), id: member.id, body: bodyOf(values), teamPages, name: values.display_name || member.email }));
  };
  const test = (kind: 'calendar' | 'tracker') => {
    const config = kind === 'calendar' ? calendarConfigOf(form.getFieldValue('calendarUrl')) : parseConfig(form.getFieldValue('tracker_config')).value;
    const problem = kind === 'tracker' ? parseConfig(form.getFieldValue('tracker_config')).error : undefined;
    if (problem || !config) {
      feedback.failure(problem ?? (kind === 'calendar' ? "Enter the calendar's address." : 'Enter a configuration to test.'));
      return;
    }
    dispatch(workspaceActions.integrationTestRequested({ kind, config }));
  };

  const others = people.filter((person) => person.id !== memberId);
  return (
    <Drawer
      open={memberId !== null}
      onClose={onClose}
      width={720}
      title={member ? `${member.display_name || member.email}'s account` : 'Member account'}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} disabled={!member} onClick={() => form.submit()}>
            Save
          </Button>
        </div>
      }
    >
      {!member && <Skeleton active paragraph={{ rows: 8 }} />}
      {member && (
        <Form<Values> form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 24 }}>
            <UserAvatar user={member} size={48} />
            <div>
              <Typography.Text strong>{member.display_name || member.email}</Typography.Text>
              <div className="workspace-muted">
                {!member.is_active ? 'Deactivated' : lastActiveText(member.last_active) === 'Active now' ? 'Active now' : `Last active: ${lastActiveText(member.last_active)}`}
                {member.invitation_pending && <Tag style={{ marginLeft: 8 }}>Invited</Tag>}
              </div>
            </div>
          </div>
          <section className="member-panel__section" aria-labelledby="panel-profile">
            <h3 id="panel-profile">Profile</h3>
            <ProfileFields required={{ display_name: 'Display name is required' }} phone />
          </section>
          <section className="member-panel__section" aria-labelledby="panel-account">
            <h3 id="panel-account">Account</h3>
            <Form.Item name="email" label="Email" rules={[{ required: true, whitespace: true, message: MESSAGES.emailRequired }, { type: 'email', message: 'Enter a valid email address.' }]}>
              <Input maxLength={254} />
            </Form.Item>
            <Form.Item name="workspace_user_type" label="User type" rules={[{ required: true, message: MESSAGES.userTypeRequired }]}>
              <Select options={[...USER_TYPES]} />
            </Form.Item>
            <Form.Item name="workspace_role" label="Workspace role">
              <Select options={[...WORKSPACE_ROLES]} />
            </Form.Item>
            <TwoFactorRow member={member} />
          </section>
          <section className="member-panel__section" aria-labelledby="panel-rights">
            <h3 id="panel-rights">Access Rights</h3>
            <Form.Item name="allow_add_manual_shifts" label="Can add manual shifts to checkout" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="allow_invisible_mode" label="Can switch to invisible mode" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="team_page_access_granted_yn" label="Has a team page" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="team_pages" label="Team page: observes">
              <Select
                mode="multiple"
                optionFilterProp="label"
                placeholder="Choose members"
                options={others.map((person) => ({ value: person.id, label: person.display_name || person.email }))}
              />
            </Form.Item>
            <Form.Item name="has_beta_version_access_yn" label="Beta version access" valuePropName="checked">
              <Switch />
            </Form.Item>
          </section>
          <section className="member-panel__section" aria-labelledby="panel-integration">
            <h3 id="panel-integration">Integration</h3>
            <Form.Item name="work_hours_source" label="Work hours source">
              <Select options={[...WORK_HOURS_SOURCES]} />
            </Form.Item>
            <Form.Item name="external_tracker_enabled" label="External Tracker" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="tracker_config" label="External tracker configuration (JSON)" hidden={!trackerOn}
              rules={[({ getFieldValue }) => ({ validator: (_, value: string) => checkConfig(value, getFieldValue('external_tracker_enabled') === true) })]}
            >
              <Input.TextArea rows={4} spellCheck={false} />
            </Form.Item>
            {trackerOn && (
              <Button size="small" onClick={() => test('tracker')} style={{ marginBottom: 16 }}>
                Test tracker connection
              </Button>
            )}
            <CalendarUrlField />
            <Button size="small" onClick={() => test('calendar')} style={{ marginBottom: 16 }}>
              Test calendar connection
            </Button>
          </section>
          <section className="member-panel__section" aria-labelledby="panel-projects">
            <h3 id="panel-projects">Projects</h3>
            {member.projects.length === 0 && <p className="workspace-muted">Not a member of any project.</p>}
            <ul style={{ paddingLeft: 18, margin: 0 }}>
              {member.projects.map((project) => (
                <li key={project.id}>
                  {project.title} · {project.access_type_enum === 'owner' ? 'Project Owner' : 'Project Member'}
                  {project.project_role ? ` · ${project.project_role}` : ''}
                  {project.archived_yn ? ' · archived' : ''}
                </li>
              ))}
            </ul>
          </section>
        </Form>
      )}
      {member && extra && memberId !== null && (
        <section className="member-panel__section" aria-labelledby="panel-time-account">
          <h3 id="panel-time-account">Working-time account</h3>
          {extra(memberId)}
        </section>
      )}
    </Drawer>
  );
}

/** Two-factor sign-in, on or off; an admin resets it for a member who lost their phone (logged, the member is emailed). */
function TwoFactorRow({ member }: { member: MemberDetail }) {
  const dispatch = useAppDispatch();
  const resetting = useAppSelector(selectTwoFactorResetting) === member.id;
  const name = member.display_name || member.email;
  return (
    <div style={{ marginBottom: 24 }} data-testid="member-two-factor">
      <div style={{ paddingBottom: 8 }}>Two-factor sign-in</div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        {member.two_factor_enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
        {member.two_factor_enabled && (
          <Button
            size="small"
            danger
            loading={resetting}
            onClick={() =>
              feedback.confirm({
                title: 'Reset two-factor sign-in?',
                content: `${name}'s authenticator app and recovery codes stop working; they can set it up again. They get an email, and the reset is recorded in their change log.`,
                okText: 'Reset',
                okButtonProps: { danger: true },
                onOk: () => {
                  dispatch(workspaceActions.twoFactorResetRequested(member));
                },
              })
            }
          >
            Reset two-factor
          </Button>
        )}
      </div>
    </div>
  );
}
