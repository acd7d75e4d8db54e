import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Select, Steps, Typography } from 'antd';
import type { Member, MemberCreateRequest } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { calendarConfigOf } from '../../../shared/integrations/calendar';
import { ProfileFields, type ProfileFieldValues } from '../../../shared/profileFields/ProfileFields';
import { useRequest } from '../../../shared/requests/useRequest';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { MESSAGES, USER_TYPES, parseConfig } from '../memberForm';
import { WizardSettingsStep } from './WizardSettingsStep';
import { workspaceActions } from '../slice';

interface Props {
  open: boolean;
  /** The admin adding the member: the default team page owner. */
  adminId: number;
  people: Member[];
  onClose: () => void;
  /** The member is added (a set-password link, if any, is the slice's `link`). */
  onAdded: () => void;
}

/** The wizard's values, spelled as the call spells them (MemberCreateRequest); the tracker as JSON text. */
interface Values extends ProfileFieldValues {
  email: string;
  workspace_user_type: MemberCreateRequest['workspace_user_type'];
  team_page_owner_ids: number[];
  send_invitation: boolean;
  workspace_role: 'MEMBER' | 'ADMIN';
  work_hours_source: 'office_time' | 'external_tracker';
  external_tracker_enabled: boolean;
  tracker_config: string;
  calendarUrl: string;
  allow_add_manual_shifts: boolean;
  allow_invisible_mode: boolean;
  team_page_access_granted_yn: boolean;
}

const STEPS = ['Account', 'Profile', 'Settings'] as const;
const STEP_FIELDS: (keyof Values)[][] = [['email', 'workspace_user_type', 'team_page_owner_ids'], [], ['tracker_config']];
const SERVER_FIELD: Record<string, keyof Values> = {
  email: 'email',
  workspace_user_type: 'workspace_user_type',
  team_page_owner_ids: 'team_page_owner_ids',
  external_tracker_config_json: 'tracker_config',
  external_calendar_config_json: 'calendarUrl',
  timezone: 'timezone',
  phone_number: 'phone_number',
};
const FIELD_STEP: Partial<Record<keyof Values, number>> = {
  email: 0,
  workspace_user_type: 0,
  team_page_owner_ids: 0,
  timezone: 1,
  phone_number: 1,
  tracker_config: 2,
  calendarUrl: 2,
};

function serverFields(fieldErrors: Record<string, string[]>) {
  return Object.entries(fieldErrors)
    .filter(([name]) => SERVER_FIELD[name])
    .map(([name, errors]) => ({ name: SERVER_FIELD[name], errors }));
}

function defaults(adminId: number): Values {
  return {
    email: '',
    workspace_user_type: 'MEMBER',
    team_page_owner_ids: [adminId],
    send_invitation: true,
    full_name: '',
    display_name: '',
    what_i_do: '',
    country: '',
    city: '',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    phone_number: '',
    workspace_role: 'MEMBER',
    work_hours_source: 'office_time',
    external_tracker_enabled: false,
    tracker_config: '',
    calendarUrl: '',
    allow_add_manual_shifts: true,
    allow_invisible_mode: false,
    team_page_access_granted_yn: false,
  };
}

function bodyOf(values: Values): MemberCreateRequest {
  const { tracker_config, calendarUrl, ...fields } = values;
  return {
    ...fields,
    email: values.email.trim(),
    external_tracker_config_json: values.external_tracker_enabled ? parseConfig(tracker_config).value : null,
    external_calendar_config_json: calendarConfigOf(calendarUrl),
  };
}

/** The Add new member wizard (spec 02 §2): Account, Profile (optional), Settings (optional). */
export function AddMemberWizard({ open, adminId, people, onClose, onAdded }: Props) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [emailDialog, setEmailDialog] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const { request, next: nextRequest } = useRequest(onAdded);
  const saving = request?.status === 'pending';
  const emailRef = useFocusOnOpen<{ focus: () => void }>(open);
  const trackerOn = Form.useWatch('external_tracker_enabled', form);
  const email = Form.useWatch('email', form);

  // The server's field messages go next to their fields, on the step that holds the first.
  const refused = request?.status === 'failed' ? serverFields(request.fieldErrors) : [];
  const [shown, setShown] = useState(request);
  if (request !== shown) {
    setShown(request);
    if (refused.length) setStep(FIELD_STEP[refused[0].name] ?? 0);
  }
  useEffect(() => {
    if (request?.status === 'failed') form.setFields(serverFields(request.fieldErrors));
  }, [request, form]);

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
    if (!values.send_invitation && !confirmedWithoutInvitation) {
      setConfirmOpen(true);
      return;
    }
    setConfirmOpen(false);
    dispatch(workspaceActions.memberCreateRequested({ requestId: nextRequest(), body: bodyOf(values) }));
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
          <Form.Item name="workspace_user_type" label="User type" rules={[{ required: true, message: MESSAGES.userTypeRequired }]}>
            <Select options={[...USER_TYPES]} />
          </Form.Item>
          <Form.Item name="team_page_owner_ids" label="Team page owners" rules={[{ required: true, type: 'array', min: 1, message: MESSAGES.teamPageOwnerRequired }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              placeholder="Who sees this member on their team page"
              options={people.map((person) => ({ value: person.id, label: person.display_name || person.email }))}
            />
          </Form.Item>
          <Form.Item name="send_invitation" valuePropName="checked">
            <Checkbox>Send email invitation</Checkbox>
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <ProfileFields displayNamePlaceholder="The full name, or the email's name, when empty" phone />
        </div>
        <WizardSettingsStep hidden={step !== 2} trackerOn={trackerOn === true} />
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
