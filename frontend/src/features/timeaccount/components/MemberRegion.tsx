import { useState } from 'react';
import { Button, Input } from 'antd';
import type { TimeAccountRegion } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { timeAccountActions } from '../slice';

const regionText = (region: TimeAccountRegion) => (region.country ? [region.country, region.subdivision].filter(Boolean).join('-') : 'none');

/**
 * A member's public holidays (admins, the member account panel): the workspace's region, or the
 * member's own country and subdivision (someone working from elsewhere). Clearing the country
 * makes the member follow the workspace again.
 */
export function MemberRegion({ userId, workspace, member, saving }: { userId: number; workspace: TimeAccountRegion; member: TimeAccountRegion | null; saving: boolean }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<TimeAccountRegion>({ country: member?.country ?? '', subdivision: member?.subdivision ?? '' });
  const save = (region: TimeAccountRegion) => dispatch(timeAccountActions.memberRegionSaveRequested({ userId, region }));
  const unchanged = draft.country === (member?.country ?? '') && (draft.subdivision ?? '') === (member?.subdivision ?? '');

  return (
    <section data-testid="member-region">
      <h4>Public holidays</h4>
      <p className="workspace-muted">
        {member ? `Own region: ${regionText(member)} (the workspace's: ${regionText(workspace)}).` : `Follows the workspace's region: ${regionText(workspace)}.`}
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input aria-label="Member country code" placeholder="Country, e.g. DE" value={draft.country} maxLength={3} style={{ width: 140 }} onChange={(e) => setDraft((d) => ({ ...d, country: e.target.value.toUpperCase() }))} />
        <Input aria-label="Member subdivision code" placeholder="Subdivision (optional)" value={draft.subdivision} maxLength={10} style={{ width: 180 }} onChange={(e) => setDraft((d) => ({ ...d, subdivision: e.target.value.toUpperCase() }))} />
        <Button disabled={saving || unchanged || !draft.country.trim()} onClick={() => save({ country: draft.country.trim(), subdivision: (draft.subdivision ?? '').trim() })}>
          Use own region
        </Button>
        {member && (
          <Button
            disabled={saving}
            onClick={() => {
              setDraft({ country: '', subdivision: '' });
              save({ country: '', subdivision: '' });
            }}
          >
            Follow the workspace
          </Button>
        )}
      </div>
    </section>
  );
}
