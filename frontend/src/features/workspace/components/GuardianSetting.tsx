import { useEffect, useState } from 'react';
import { Button, Form, InputNumber, Select, Switch } from 'antd';
import type { GuardianPolicy } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectGuardian, selectSettingsSaving } from '../selectors';
import { workspaceActions, type GuardianSettings } from '../slice';

const MIN = 5;
const MAX = 720;
type AskingPolicy = Exclude<GuardianPolicy, 'off'>;
const POLICIES: { value: AskingPolicy; label: string }[] = [
  { value: 'propose', label: 'Propose ending the shift' },
  { value: 'apply', label: 'End the shift' },
];
type MinutesName = Exclude<keyof GuardianSettings, 'policy'>;
/** What the admin is editing: a cleared field is null (and cannot be saved). */
type Draft = Pick<GuardianSettings, 'policy'> & Record<MinutesName, number | null>;

const MINUTES: { name: MinutesName; label: string; extra: string }[] = [
  { name: 'overrunMinutes', label: 'Past the schedule by', extra: 'Ask when a shift runs this long past the day’s scheduled end.' },
  { name: 'quietMinutes', label: 'No activity for', extra: 'Ask when a working member’s tabs and devices have been unused this long.' },
  { name: 'answerMinutes', label: 'Time to answer', extra: 'Then the choice below applies, unless the member is back.' },
];

const valid = (value: number | null) => value !== null && Number.isInteger(value) && value >= MIN && value <= MAX;

/** The settings to save, when every field is valid. */
function toSettings(draft: Draft | null): GuardianSettings | null {
  if (!draft) return null;
  const { policy, overrunMinutes, quietMinutes, answerMinutes } = draft;
  if (overrunMinutes === null || quietMinutes === null || answerMinutes === null) return null;
  if (![overrunMinutes, quietMinutes, answerMinutes].every(valid)) return null;
  return { policy, overrunMinutes, quietMinutes, answerMinutes };
}

/**
 * The shift guardian (docs/guardian.md): when the product asks 'Still working?', how long a member
 * has to answer, and whether no answer proposes or applies ending the shift at the last activity; or
 * not at all (the policy `off`: turning it off withdraws the open questions).
 */
export function GuardianSetting() {
  const dispatch = useAppDispatch();
  const saved = useAppSelector(selectGuardian);
  const saving = useAppSelector(selectSettingsSaving);
  // What the admin changed; undefined: the saved values.
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const value: Draft | null = draft ?? saved;

  useEffect(() => {
    dispatch(workspaceActions.settingsRequested());
  }, [dispatch]);

  // What 'Ask' turns back on: the choice the admin made before turning it off, else proposing.
  const [lastAsking, setLastAsking] = useState<AskingPolicy>('propose');
  const asking = value !== null && value.policy !== 'off';
  const settings = toSettings(value);
  const changed = value !== null && saved !== null && JSON.stringify(value) !== JSON.stringify(saved);
  const setMinutes = (name: MinutesName, minutes: number | null) => {
    if (!value) return;
    const next = { ...value };
    next[name] = minutes;
    setDraft(next);
  };
  return (
    <Form
      layout="vertical"
      className="workspace-settings"
      aria-label="Still working?"
      onFinish={() => {
        if (!settings) return;
        dispatch(workspaceActions.guardianSaveRequested(settings));
        setDraft(undefined);
      }}
      style={{ marginTop: 16 }}
    >
      <p className="workspace-settings__intro" style={{ marginBottom: 8 }}>
        <strong>Still working?</strong> The product asks a member whose shift runs on with nobody there, in the product and by email.
      </p>
      <Form.Item label="Ask 'Still working?'" htmlFor="workspace-guardian-on" extra="Off: nobody is asked, no shift is ended; questions already asked are withdrawn." style={{ marginBottom: 12 }}>
        <Switch
          id="workspace-guardian-on"
          aria-label="Ask 'Still working?'"
          checked={asking}
          disabled={saved === null || saving}
          onChange={(on) => {
            if (!value) return;
            if (!on && value.policy !== 'off') setLastAsking(value.policy);
            setDraft({ ...value, policy: on ? lastAsking : 'off' });
          }}
        />
      </Form.Item>
      {MINUTES.map(({ name, label, extra }) => (
        <Form.Item key={name} label={label} htmlFor={`workspace-guardian-${name}`} extra={`${extra} (${MIN}–${MAX})`} style={{ marginBottom: 12 }}>
          <InputNumber<number>
            id={`workspace-guardian-${name}`}
            aria-label={`${label} (minutes)`}
            min={MIN}
            max={MAX}
            precision={0}
            value={value?.[name] ?? null}
            disabled={saved === null || saving}
            onChange={(next) => setMinutes(name, next)}
            addonAfter="minutes"
            style={{ width: 180 }}
          />
        </Form.Item>
      ))}
      <Form.Item label="Without an answer" htmlFor="workspace-guardian-policy" extra="Either way the shift ends at the last activity, with the reason in the change log; the member can undo it." style={{ marginBottom: 12 }}>
        <Select<AskingPolicy>
          id="workspace-guardian-policy"
          aria-label="Without an answer"
          options={POLICIES}
          value={value === null ? undefined : value.policy === 'off' ? lastAsking : value.policy}
          disabled={saved === null || saving || !asking}
          onChange={(policy) => value && setDraft({ ...value, policy })}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Button htmlType="submit" loading={saving} disabled={!settings || !changed}>
        Save
      </Button>
    </Form>
  );
}
