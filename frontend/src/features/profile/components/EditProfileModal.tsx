import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Divider, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UserDetails } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { guessTimezone } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { checkAvatar, type AvatarProblem } from '../avatar';
import { selectProfile } from '../selectors';
import { profileActions } from '../slice';
import { initialTimezoneMode, timezoneOptions } from '../../../shared/profileFields/timezones';
import { profileChanges, type AvatarChange, type FormValues } from '../changes';
import { IntegrationSection } from './IntegrationSection';
import { ProfileFields } from '../../../shared/profileFields/ProfileFields';
import { PasswordSection } from './PasswordSection';
import { PreferenceFields } from './PreferenceFields';
import { RemindersSection } from './RemindersSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

function ProfileForm({ user }: { user: UserDetails }) {
  const dispatch = useAppDispatch();
  const { saving, saveError } = useAppSelector(selectProfile);
  const [form] = Form.useForm<FormValues>();
  const guess = useMemo(() => guessTimezone(), []);
  const options = useMemo(() => timezoneOptions(new Date(), [user.timezone, guess]), [user.timezone, guess]);
  const mode = Form.useWatch('timezoneMode', form) ?? initialTimezoneMode(user.timezone, guess);
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'keep' });
  const [avatarProblem, setAvatarProblem] = useState<AvatarProblem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (avatar.kind === 'new') URL.revokeObjectURL(avatar.url);
  }, [avatar]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkAvatar(file);
    setAvatarProblem(problem);
    if (!problem) setAvatar({ kind: 'new', file, url: URL.createObjectURL(file) });
  };

  const onFinish = (values: FormValues) => {
    const changes = profileChanges(user, values, guess, avatar);
    if (changes) dispatch(profileActions.saveRequested(changes));
    else dispatch(profileActions.editorClosed());
  };

  const photo = avatar.kind === 'new' ? avatar.url : avatar.kind === 'remove' ? null : user.avatar;
  const initialValues: FormValues = {
    full_name: user.full_name,
    display_name: user.display_name,
    what_i_do: user.what_i_do,
    country: user.country,
    city: user.city,
    timezone: user.timezone,
    timezoneMode: initialTimezoneMode(user.timezone, guess),
    first_day_of_week: user.first_day_of_week,
    clock_format: user.clock_format,
    duration_format: user.duration_format,
    keyboard_shortcuts_yn: user.keyboard_shortcuts_yn,
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} requiredMark={false} id="edit-profile-form">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Profile Photo
      </Typography.Title>
      <Space size={16} align="center" style={{ marginBottom: 8 }}>
        <UserAvatar user={user} src={photo} size={80} />
        <Space direction="vertical" size={4}>
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
              Upload image
            </Button>
            <Button icon={<DeleteOutlined />} disabled={!photo} onClick={() => { setAvatar({ kind: 'remove' }); setAvatarProblem(null); }}>
              Remove
            </Button>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            png or jpeg, up to 1MB
          </Typography.Text>
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg"
          aria-label="Profile photo file"
          data-testid="avatar-input"
          style={{ display: 'none' }}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Space>
      {avatarProblem && (
        <Alert type="error" showIcon message={avatarProblem.title} description={avatarProblem.description} style={{ marginBottom: 8 }} />
      )}

      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Personal Information
      </Typography.Title>
      <ProfileFields
        columns={2}
        required={{ full_name: 'Full name is required', display_name: 'Display name is required', what_i_do: 'Role is required' }}
        whatIDoLabel="Role"
        whatIDoPlaceholder="What you do, e.g. Product designer"
        timezone={
          <>
            <Form.Item label="Timezone" style={{ marginBottom: 8 }}>
              <Form.Item name="timezoneMode" noStyle>
                <Radio.Group optionType="button" options={[{ value: 'auto', label: 'Auto' }, { value: 'manual', label: 'Manual' }]} />
              </Form.Item>
            </Form.Item>
            {mode === 'auto' ? (
              <Typography.Paragraph type="secondary" data-testid="timezone-auto">
                {options.find((option) => option.value === guess)?.label ?? guess} (from this browser)
              </Typography.Paragraph>
            ) : (
              <Form.Item name="timezone" rules={[{ required: true, message: 'Timezone is required' }]}>
                <Select
                  showSearch
                  aria-label="Timezone"
                  options={options}
                  optionFilterProp="label"
                  listHeight={320}
                  popupMatchSelectWidth
                />
              </Form.Item>
            )}
          </>
        }
      />

      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Preferences
      </Typography.Title>
      <PreferenceFields user={user} />
      <RemindersSection />

      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Email
      </Typography.Title>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'center' }}>
        <Input value={user.email} readOnly aria-label="Email" />
        <Button disabled>Edit</Button>
      </div>

      {saveError && (
        <Alert type="error" showIcon message="Save Profile failed" description={saveError} style={{ marginTop: 16 }} data-testid="save-profile-error" />
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 24 }}>
        <Button onClick={() => dispatch(profileActions.editorClosed())}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </div>
    </Form>
  );
}

/** Edit Profile (spec 01 §2, §5); opened from 'Manage account'. */
export function EditProfileModal({ user }: { user: UserDetails }) {
  const dispatch = useAppDispatch();
  const { editorOpen } = useAppSelector(selectProfile);
  return (
    <Modal
      open={editorOpen}
      title="Edit Profile"
      width={640}
      footer={null}
      destroyOnHidden
      onCancel={() => dispatch(profileActions.editorClosed())}
    >
      <ProfileForm user={user} />
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Password
      </Typography.Title>
      <PasswordSection />
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Two-factor sign-in
      </Typography.Title>
      <TwoFactorSection />
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Signed-in devices
      </Typography.Title>
      <SessionsSection />
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Integration
      </Typography.Title>
      <IntegrationSection />
    </Modal>
  );
}
