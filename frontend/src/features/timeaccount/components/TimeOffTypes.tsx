import { useState } from 'react';
import { Button, Checkbox, Input, Tag } from 'antd';
import type { TimeOffType } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { timeAccountActions } from '../slice';

/** Days a year as typed ('25', '12.5', '') to half days, null for none kept, undefined when not a number. */
function daysToHalfDays(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const days = Number(text.trim().replace(',', '.'));
  if (!Number.isFinite(days) || days < 0 || days > 365) return undefined;
  return Math.round(days * 2);
}

const daysText = (t: TimeOffType) => (t.yearly_allowance_half_days != null ? String(t.yearly_allowance_half_days / 2) : '');

interface Draft {
  name: string;
  color: string;
  days: string;
  countsAsWorked: boolean;
}

/** One type: read, or edited in place (name, colour, days a year, counts as worked). */
function TypeRow({ type, saving }: { type: TimeOffType; saving: boolean }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft | null>(null);
  const archive = (archived: boolean) => dispatch(timeAccountActions.typeUpdateRequested({ id: type.id, changes: { archived } }));

  if (draft) {
    const halfDays = daysToHalfDays(draft.days);
    return (
      <li className="time-off-type time-off-type--editing">
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          <Input aria-label={`Name of ${type.name}`} value={draft.name} maxLength={60} style={{ width: 160 }} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          <input type="color" aria-label={`Colour of ${type.name}`} value={draft.color} onChange={(e) => setDraft({ ...draft, color: e.target.value })} />
          <Input
            aria-label={`Days a year of ${type.name}`}
            placeholder="Days a year"
            inputMode="decimal"
            value={draft.days}
            status={halfDays === undefined ? 'error' : undefined}
            style={{ width: 120 }}
            onChange={(e) => setDraft({ ...draft, days: e.target.value })}
          />
          <Checkbox checked={draft.countsAsWorked} onChange={(e) => setDraft({ ...draft, countsAsWorked: e.target.checked })}>
            Counts as worked time
          </Checkbox>
          <Button
            type="primary"
            size="small"
            disabled={saving || !draft.name.trim() || halfDays === undefined}
            onClick={() => {
              dispatch(
                timeAccountActions.typeUpdateRequested({
                  id: type.id,
                  changes: { name: draft.name.trim(), color: draft.color, yearly_allowance_half_days: halfDays ?? null, counts_as_worked: draft.countsAsWorked },
                }),
              );
              setDraft(null);
            }}
          >
            Save
          </Button>
          <Button size="small" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className={`time-off-type${type.archived ? ' time-off-type--archived' : ''}`}>
      <Tag style={{ borderColor: type.color, borderLeftWidth: 4, marginInlineEnd: 8 }}>{type.name}</Tag>
      {type.yearly_allowance_half_days != null ? `${type.yearly_allowance_half_days / 2} days a year` : 'no allowance kept'}
      {type.counts_as_worked ? '' : ' · not counted as worked'}
      {type.archived && <Tag style={{ marginLeft: 8 }}>archived</Tag>}
      <span className="time-off-type__actions">
        {!type.archived && (
          <Button
            size="small"
            type="link"
            disabled={saving}
            aria-label={`Edit ${type.name}`}
            onClick={() => setDraft({ name: type.name, color: type.color ?? '#1677ff', days: daysText(type), countsAsWorked: type.counts_as_worked ?? true })}
          >
            Edit
          </Button>
        )}
        <Button size="small" type="link" disabled={saving} aria-label={`${type.archived ? 'Restore' : 'Archive'} ${type.name}`} onClick={() => archive(!type.archived)}>
          {type.archived ? 'Restore' : 'Archive'}
        </Button>
      </span>
    </li>
  );
}

/**
 * The workspace's time-off types (admins, the Workspace panel): add one, edit one in place, archive
 * one (members can no longer ask for it; requests made with it keep it) or restore it.
 */
export function TimeOffTypes({ types, saving }: { types: TimeOffType[]; saving: boolean }) {
  const dispatch = useAppDispatch();
  const [type, setType] = useState({ name: '', days: '' });
  const halfDays = daysToHalfDays(type.days);
  return (
    <>
      <h3 style={{ marginTop: 16 }}>Time-off types</h3>
      <ul style={{ paddingLeft: 18 }} data-testid="time-off-types">
        {types.map((t) => (
          <TypeRow key={t.id} type={t} saving={saving} />
        ))}
      </ul>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Input aria-label="Type name" placeholder="Name, e.g. Sick" value={type.name} maxLength={60} style={{ width: 180 }} onChange={(e) => setType((t) => ({ ...t, name: e.target.value }))} />
        <Input
          aria-label="Days a year"
          placeholder="Days a year (optional)"
          inputMode="decimal"
          value={type.days}
          status={halfDays === undefined ? 'error' : undefined}
          style={{ width: 180 }}
          onChange={(e) => setType((t) => ({ ...t, days: e.target.value }))}
        />
        <Button
          disabled={saving || !type.name.trim() || halfDays === undefined}
          onClick={() => {
            dispatch(timeAccountActions.typeSaveRequested({ name: type.name.trim(), yearly_allowance_half_days: halfDays ?? null }));
            setType({ name: '', days: '' });
          }}
        >
          Add type
        </Button>
      </div>
    </>
  );
}
