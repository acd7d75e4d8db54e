import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import type { Member, MemberDetail, MemberUpdateRequest } from '../../../api/types';
import { fetchMember, setMemberTeamPage, updateMember } from '../../../api/workspace';
import { testIntegration } from '../../../api/integrations';
import { toApiFailure } from '../../../api/client';
import { feedback } from '../../../shared/feedback';
import { UserAvatar } from '../../../shared/UserAvatar';
import { useFailure } from '../useAdminCall';
import {
  MESSAGES,
  USER_TYPES,
  WORK_HOURS_SOURCES,
  WORKSPACE_ROLES,
  checkConfig,
  configText,
  lastActiveText,
  parseConfig,
  timezoneOptions,
} from '../memberForm';

export type PanelSection = 'profile' | 'account';

interface Props {
  memberId: number | null;
  /** Where the panel opens: Edit profile or Edit Account. */
  section: PanelSection;
  /** Members of the workspace, for the team page's choice. */
  people: Member[];
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  full_name: string;
  display_name: string;
  what_i_do: string;
  country: string;
  city: string;
  timezone: string;
  phone_number: string;
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
  calendar_config: string;
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
    calendar_config: configText(member.external_calendar_config_json),
  };
}

const SERVER_FIELD: Record<string, keyof Values> = {
  external_tracker_config_json: 'tracker_config',
  external_calendar_config_json: 'calendar_config',
  observed_user_ids: 'team_pages',
};

/** Test connection for a configuration typed as JSON: the provider's answer as a toast. */
function TestConnectionButton({ kind, text }: { kind: 'calendar' | 'tracker'; text: () => string | undefined }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const parsed = parseConfig(text());
    if (parsed.error || !parsed.value) {
      feedback.failure(parsed.error ?? 'Enter a configuration to test.');
      return;
    }
    setBusy(true);
    try {
      feedback.success((await testIntegration({ kind, config: parsed.value })).message);
    } catch (error) {
      feedback.failure(toApiFailure(error).message || 'The test failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} onClick={() => void run()} style={{ marginBottom: 16 }}>
      Test {kind} connection
    </Button>
  );
}

/** The member account panel (spec 02 §2): Profile, Account, Access Rights, Integration, Projects. */
export function MemberAccountPanel({ memberId, section, people, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const [member, setMember] = useState<MemberDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const fail = useFailure();
  const trackerOn = Form.useWatch('external_tracker_enabled', form);

  useEffect(() => {
    if (memberId === null) return;
    let current = true;
    fetchMember(memberId)
      .then((detail) => {
        if (!current) return;
        setMember(detail);
        form.setFieldsValue(valuesOf(detail));
        window.requestAnimationFrame(() => form.getFieldInstance(section === 'account' ? 'email' : 'full_name')?.focus?.());
      })
      .catch((error: unknown) => {
        if (!current) return;
        fail(error, 'The member could not be loaded.');
        onClose();
      });
    return () => {
      current = false;
    };
    // Loads when another member is opened; the callbacks do not change what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId]);

  const save = async (values: Values) => {
    if (!member) return;
    const tracker = parseConfig(values.tracker_config);
    const calendar = parseConfig(values.calendar_config);
    const body: MemberUpdateRequest = {
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
      external_calendar_config_json: calendar.value,
    };
    setSaving(true);
    try {
      await updateMember(member.id, body);
      const before = member.team_pages.map((entry) => entry.observed_user.id).sort().join();
      if ([...values.team_pages].sort().join() !== before) await setMemberTeamPage(member.id, values.team_pages);
      feedback.success(`${values.display_name || member.email} saved.`);
      onSaved();
    } catch (error) {
      const failure = fail(error, 'The member could not be saved.');
      const fields = Object.entries(failure.fieldErrors)
        .filter(([name]) => name !== 'detail')
        .map(([name, errors]) => ({ name: SERVER_FIELD[name] ?? (name as keyof Values), errors }));
      if (fields.length) form.setFields(fields);
    } finally {
      setSaving(false);
    }
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
            <Form.Item name="full_name" label="Full name">
              <Input maxLength={150} />
            </Form.Item>
            <Form.Item name="display_name" label="Display name" rules={[{ required: true, whitespace: true, message: 'Display name is required' }]}>
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="what_i_do" label="Job title">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="country" label="Country">
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="city" label="City">
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="timezone" label="Timezone">
              <Select showSearch options={timezoneOptions()} />
            </Form.Item>
            <Form.Item name="phone_number" label="Phone number">
              <Input maxLength={40} />
            </Form.Item>
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
            {trackerOn && <TestConnectionButton kind="tracker" text={() => form.getFieldValue('tracker_config') as string | undefined} />}
            <Form.Item name="calendar_config" label="External calendar configuration (JSON)" rules={[{ validator: (_, value: string) => checkConfig(value, false) }]}>
              <Input.TextArea rows={3} spellCheck={false} placeholder='{"url": "https://calendar.example.org/me.ics"}' />
            </Form.Item>
            <TestConnectionButton kind="calendar" text={() => form.getFieldValue('calendar_config') as string | undefined} />
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
    </Drawer>
  );
}
