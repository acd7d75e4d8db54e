import { useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Select, Steps, Switch, Typography } from 'antd';
import type { Member, MemberCreated, MemberCreateRequest } from '../../../api/types';
import { createMember } from '../../../api/workspace';
import { feedback } from '../../../shared/feedback';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { useFailure } from '../useAdminCall';
import { MESSAGES, USER_TYPES, WORK_HOURS_SOURCES, WORKSPACE_ROLES, checkConfig, parseConfig, timezoneOptions } from '../memberForm';

interface Props {
  open: boolean;
  /** The admin adding the member: the default team page owner. */
  adminId: number;
  people: Member[];
  onClose: () => void;
  onAdded: (created: MemberCreated) => void;
}

interface Values {
  email: string;
  userType: MemberCreateRequest['workspace_user_type'];
  teamPageOwners: number[];
  sendInvitation: boolean;
  fullName: string;
  displayName: string;
  whatIDo: string;
  country: string;
  city: string;
  timezone: string;
  workspaceRole: 'MEMBER' | 'ADMIN';
  workHoursSource: 'office_time' | 'external_tracker';
  externalTrackerEnabled: boolean;
  externalTrackerConfig: string;
  externalCalendarConfig: string;
  allowAddManualShifts: boolean;
  allowInvisibleMode: boolean;
  teamPageAccess: boolean;
}

const STEPS = ['Account', 'Profile', 'Settings'] as const;
const STEP_FIELDS: (keyof Values)[][] = [['email', 'userType', 'teamPageOwners'], [], ['externalTrackerConfig', 'externalCalendarConfig']];
const SERVER_FIELD: Record<string, keyof Values> = {
  email: 'email',
  workspace_user_type: 'userType',
  team_page_owner_ids: 'teamPageOwners',
  external_tracker_config_json: 'externalTrackerConfig',
  external_calendar_config_json: 'externalCalendarConfig',
  timezone: 'timezone',
};
const FIELD_STEP: Partial<Record<keyof Values, number>> = { email: 0, userType: 0, teamPageOwners: 0, timezone: 1, externalTrackerConfig: 2, externalCalendarConfig: 2 };

function defaults(adminId: number): Values {
  return {
    email: '',
    userType: 'MEMBER',
    teamPageOwners: [adminId],
    sendInvitation: true,
    fullName: '',
    displayName: '',
    whatIDo: '',
    country: '',
    city: '',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    workspaceRole: 'MEMBER',
    workHoursSource: 'office_time',
    externalTrackerEnabled: false,
    externalTrackerConfig: '',
    externalCalendarConfig: '',
    allowAddManualShifts: true,
    allowInvisibleMode: false,
    teamPageAccess: false,
  };
}

/** The Add new member wizard (spec 02 §2): Account, Profile (optional), Settings (optional). */
export function AddMemberWizard({ open, adminId, people, onClose, onAdded }: Props) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [emailDialog, setEmailDialog] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const fail = useFailure();
  const emailRef = useFocusOnOpen<{ focus: () => void }>(open);
  const trackerOn = Form.useWatch('externalTrackerEnabled', form);
  const email = Form.useWatch('email', form);

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep(step + 1);
    } catch {
      // the form shows the messages
    }
  };

  const submit = async (confirmedWithoutInvitation = false) => {
    let values: Values;
    try {
      await form.validateFields(STEP_FIELDS.flat());
      values = form.getFieldsValue(true);
    } catch (error) {
      const first = (error as { errorFields?: { name: (keyof Values)[] }[] }).errorFields?.[0]?.name[0];
      if (first !== undefined && FIELD_STEP[first] !== undefined) setStep(FIELD_STEP[first] ?? 0);
      return;
    }
    const tracker = parseConfig(values.externalTrackerConfig);
    const calendar = parseConfig(values.externalCalendarConfig);
    if (!values.sendInvitation && !confirmedWithoutInvitation) {
      setConfirmOpen(true);
      return;
    }
    setConfirmOpen(false);
    const body: MemberCreateRequest = {
      email: values.email.trim(),
      workspace_user_type: values.userType,
      team_page_owner_ids: values.teamPageOwners,
      send_invitation: values.sendInvitation,
      full_name: values.fullName,
      display_name: values.displayName,
      what_i_do: values.whatIDo,
      country: values.country,
      city: values.city,
      timezone: values.timezone,
      workspace_role: values.workspaceRole,
      work_hours_source: values.workHoursSource,
      external_tracker_enabled: values.externalTrackerEnabled,
      external_tracker_config_json: values.externalTrackerEnabled ? tracker.value : null,
      external_calendar_config_json: calendar.value,
      allow_add_manual_shifts: values.allowAddManualShifts,
      allow_invisible_mode: values.allowInvisibleMode,
      team_page_access_granted_yn: values.teamPageAccess,
    };
    setSaving(true);
    try {
      const created = await createMember(body);
      feedback.success(
        values.sendInvitation ? `Invitation sent to ${created.member.email}.` : `${created.member.display_name} added without an invitation.`,
      );
      onAdded(created);
    } catch (error) {
      const failure = fail(error, 'The member could not be added.');
      const fields = Object.entries(failure.fieldErrors)
        .filter(([name]) => SERVER_FIELD[name])
        .map(([name, errors]) => ({ name: SERVER_FIELD[name], errors }));
      if (fields.length) {
        form.setFields(fields);
        setStep(FIELD_STEP[fields[0].name] ?? 0);
      }
    } finally {
      setSaving(false);
    }
  };

  const footer = [
    <Button key="cancel" onClick={onClose}>
      Cancel
    </Button>,
    step > 0 && (
      <Button key="back" onClick={() => setStep(step - 1)}>
        Back
      </Button>
    ),
    step < STEPS.length - 1 && (
      <Button key="next" onClick={next}>
        Next
      </Button>
    ),
    <Button key="add" type="primary" loading={saving} onClick={() => void submit()}>
      Add Member
    </Button>,
  ];

  return (
    <Modal open={open} title="Add new member" onCancel={onClose} footer={footer} width={640} destroyOnHidden maskClosable={false}>
      <Steps current={step} size="small" items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <Form<Values> form={form} layout="vertical" requiredMark={false} preserve initialValues={defaults(adminId)}>
        <div hidden={step !== 0}>
          <Form.Item name="email" label="Email" rules={[{ required: true, whitespace: true, message: MESSAGES.emailRequired }, { type: 'email', message: 'Enter a valid email address.' }]}>
            <Input ref={emailRef as never} maxLength={254} autoComplete="off" />
          </Form.Item>
          <Form.Item name="userType" label="User type" rules={[{ required: true, message: MESSAGES.userTypeRequired }]}>
            <Select options={[...USER_TYPES]} />
          </Form.Item>
          <Form.Item name="teamPageOwners" label="Team page owners" rules={[{ required: true, type: 'array', min: 1, message: MESSAGES.teamPageOwnerRequired }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              placeholder="Who sees this member on their team page"
              options={people.map((person) => ({ value: person.id, label: person.display_name || person.email }))}
            />
          </Form.Item>
          <Form.Item name="sendInvitation" valuePropName="checked">
            <Checkbox>Send email invitation</Checkbox>
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Form.Item name="fullName" label="Full name">
            <Input maxLength={150} />
          </Form.Item>
          <Form.Item name="displayName" label="Display name">
            <Input maxLength={80} placeholder="The full name, or the email's name, when empty" />
          </Form.Item>
          <Form.Item name="whatIDo" label="Job title">
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
        </div>
        <div hidden={step !== 2}>
          <Form.Item name="workspaceRole" label="Workspace role">
            <Select options={[...WORKSPACE_ROLES]} />
          </Form.Item>
          <Form.Item name="workHoursSource" label="Work hours source">
            <Select options={[...WORK_HOURS_SOURCES]} />
          </Form.Item>
          <Form.Item name="externalTrackerEnabled" label="External Tracker" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="externalTrackerConfig" label="External tracker configuration (JSON)" hidden={!trackerOn}
            rules={[({ getFieldValue }) => ({ validator: (_, value: string) => checkConfig(value, getFieldValue('externalTrackerEnabled') === true) })]}
          >
            <Input.TextArea rows={3} spellCheck={false} placeholder='{"title": "Toggl", "api_key": "..."}' />
          </Form.Item>
          <Form.Item name="externalCalendarConfig" label="External calendar configuration (JSON)" rules={[{ validator: (_, value: string) => checkConfig(value, false) }]}>
            <Input.TextArea rows={2} spellCheck={false} placeholder='{"url": "https://calendar.example.org/me.ics"}' />
          </Form.Item>
          <Form.Item name="allowAddManualShifts" label="Can add manual shifts to checkout" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="allowInvisibleMode" label="Can switch to invisible mode" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="teamPageAccess" label="Has a team page" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
      {step > 0 && (
        <Typography.Paragraph className="workspace-muted" style={{ marginBottom: 0 }}>
          Adding <Typography.Text strong>{email || 'no email yet'}</Typography.Text>{' '}
          <Button
            type="link"
            size="small"
            onClick={() => {
              setNewEmail(form.getFieldValue('email') ?? '');
              setEmailDialog(true);
            }}
          >
            Change email
          </Button>
        </Typography.Paragraph>
      )}
      <Modal
        open={confirmOpen}
        title="Add without sending invitation?"
        onCancel={() => setConfirmOpen(false)}
        footer={[
          <Button key="no" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>,
          <Button key="yes" type="primary" loading={saving} onClick={() => void submit(true)}>
            Yes, add without invitation
          </Button>,
        ]}
      >
        No email is sent. You get a link to set the member's password, shown once, to pass on yourself.
      </Modal>
      <Modal
        open={emailDialog}
        title="Change email"
        onCancel={() => setEmailDialog(false)}
        okText="Save"
        okButtonProps={{ disabled: newEmail.trim() === '' }}
        onOk={() => {
          form.setFieldsValue({ email: newEmail.trim() });
          void form.validateFields(['email']).catch(() => setStep(0));
          setEmailDialog(false);
        }}
      >
        <label htmlFor="change-email">Email</label>
        <Input id="change-email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} maxLength={254} />
      </Modal>
    </Modal>
  );
}
