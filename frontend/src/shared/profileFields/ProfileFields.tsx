import { useMemo, type ReactNode } from 'react';
import { Form, Input, Select } from 'antd';
import type { MemberDetail } from '../../api/types';
import { zoneOptions } from './timezones';

/**
 * The profile fields as the API spells them: Edit Profile (UserDetails), a member's account
 * (MemberDetail) and the new member (MemberCreateRequest) share these names.
 */
export type ProfileFieldValues = Pick<MemberDetail, 'full_name' | 'display_name' | 'what_i_do' | 'country' | 'city' | 'timezone' | 'phone_number'>;

type RequiredField = 'full_name' | 'display_name' | 'what_i_do';

interface Props {
  /** The message of each field that must be filled (Edit Profile asks for the names and the role). */
  required?: Partial<Record<RequiredField, string>>;
  /** What I do: 'Job title' in the admin's forms, 'Role' in Edit Profile. */
  whatIDoLabel?: string;
  whatIDoPlaceholder?: string;
  displayNamePlaceholder?: string;
  /** The timezone control in place of the list of every zone (Edit Profile's Auto / Manual). */
  timezone?: ReactNode;
  /** The phone number, where the call takes it (a member's account, a new member; not PATCH /me). */
  phone?: boolean;
  /** Two columns (Edit Profile) or one (the admin's forms). */
  columns?: 1 | 2;
}

const rule = (message: string | undefined) => (message ? [{ required: true, whitespace: true, message }] : undefined);

/** The one block of profile fields: full name, display name, what I do, country, city, timezone, phone. */
export function ProfileFields({ required = {}, whatIDoLabel = 'Job title', whatIDoPlaceholder, displayNamePlaceholder, timezone, phone = false, columns = 1 }: Props) {
  const zones = useMemo(() => (timezone ? [] : zoneOptions()), [timezone]);
  const grid = columns === 2 ? { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 } : undefined;
  return (
    <>
      <div style={grid}>
        <Form.Item name="full_name" label="Full name" rules={rule(required.full_name)}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="display_name" label="Display name" rules={rule(required.display_name)}>
          <Input maxLength={80} placeholder={displayNamePlaceholder} />
        </Form.Item>
        <Form.Item name="what_i_do" label={whatIDoLabel} rules={rule(required.what_i_do)} style={columns === 2 ? { gridColumn: '1 / -1' } : undefined}>
          <Input maxLength={120} placeholder={whatIDoPlaceholder} />
        </Form.Item>
        <Form.Item name="country" label="Country">
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="city" label="City">
          <Input maxLength={80} />
        </Form.Item>
      </div>
      {timezone ?? (
        <Form.Item name="timezone" label="Timezone">
          <Select showSearch options={zones} />
        </Form.Item>
      )}
      {phone && (
        <Form.Item name="phone_number" label="Phone number">
          <Input maxLength={40} />
        </Form.Item>
      )}
    </>
  );
}
