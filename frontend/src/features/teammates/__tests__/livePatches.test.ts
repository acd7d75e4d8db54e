import { describe, expect, it } from 'vitest';
import type { Teammate } from '../../../api/types';
import { teammateRow } from '../../../test/teammates';
import { selectOrderedTeammates } from '../selectors';
import { teammatesActions, teammatesReducer, type TeammatesState } from '../slice';
import type { RootState } from '../../../app/store';

/** A strip row as the server renders it (`pinned_yn`, `is_self` false in events). */
const row = teammateRow;

const ada = row(1, 'Ada', { is_self: true, status: 'working', today_starttime: '2026-11-25T08:00:00Z' });
const ben = row(2, 'Ben', { status: 'working', today_starttime: '2026-11-25T08:30:00Z' });
const cy = row(3, 'Cy', { pinned_yn: true });
const dee = row(4, 'Dee', { status: 'working', today_starttime: '2026-11-25T07:00:00Z' });

const loaded = (): TeammatesState => teammatesReducer(undefined, teammatesActions.listLoaded([dee, cy, ben, ada]));
const order = (state: TeammatesState) => selectOrderedTeammates({ teammates: state } as RootState).map((t) => `${t.display_name}:${t.status}`);
const patch = (state: TeammatesState, user: number, teammate: Teammate | null) => teammatesReducer(state, teammatesActions.rowPatched({ user, teammate }));

describe('the strip applies the row a live event carries', () => {
  it('starts in the strip order: you, pinned, then by status and name', () => {
    expect(order(loaded())).toEqual(['Ada:working', 'Cy:out_of_office', 'Ben:working', 'Dee:working']);
  });

  it('a status change (new_status) updates that row and re-sorts it', () => {
    const before = loaded();
    const state = patch(before, 2, { ...ben, status: 'taking_break' });
    expect(order(state)).toEqual(['Ada:working', 'Cy:out_of_office', 'Dee:working', 'Ben:taking_break']);
    expect(state.entities[4]).toBe(before.entities[4]); // other rows keep their object: their memoised row does not render
  });

  it('leaving (user_left_office) moves the member behind those in the office', () => {
    const left = { ...dee, status: 'out_of_office' as const, today_endtime: '2026-11-25T16:00:00Z', left_the_office_today_yn: true };
    const state = patch(loaded(), 4, left);
    expect(order(state)).toEqual(['Ada:working', 'Cy:out_of_office', 'Ben:working', 'Dee:out_of_office']);
    expect(state.entities[4]?.left_the_office_today_yn).toBe(true);
  });

  it('a profile change (teammate_updated) keeps the viewer\'s own flags: pinned, you', () => {
    let state = patch(loaded(), 3, { ...cy, pinned_yn: false, display_name: 'Aaron', city: 'Porto' });
    expect(state.entities[3]).toMatchObject({ display_name: 'Aaron', city: 'Porto', pinned_yn: true });
    state = patch(state, 1, { ...ada, is_self: false, display_name: 'Zed' });
    expect(state.entities[1]?.is_self).toBe(true);
    expect(order(state)[0]).toBe('Zed:working'); // still first: it is you
  });

  it('invisible mode on: teammates get the hidden row (out of the office, no day); off: the real one again', () => {
    const hidden = { ...ben, status: 'out_of_office' as const, today_starttime: null };
    let state = patch(loaded(), 2, hidden);
    expect(state.entities[2]).toMatchObject({ status: 'out_of_office', today_starttime: null });
    expect(order(state).at(-1)).toBe('Ben:out_of_office');
    state = patch(state, 2, ben);
    expect(state.entities[2]).toMatchObject({ status: 'working', today_starttime: '2026-11-25T08:30:00Z' });
  });

  it('a member who left the strip (deactivated) is removed; a row of nobody shown is ignored', () => {
    expect(order(patch(loaded(), 4, null))).toEqual(['Ada:working', 'Cy:out_of_office', 'Ben:working']);
    expect(patch(loaded(), 9, row(9, 'New'))).toEqual(loaded());
  });

  it('rows that came while the strip was reloading are applied again on top of its answer', () => {
    let state = teammatesReducer(loaded(), teammatesActions.listRequested());
    state = patch(state, 2, { ...ben, status: 'taking_break' });
    // the answer was read before the change
    state = teammatesReducer(state, teammatesActions.listLoaded([dee, cy, ben, ada]));
    expect(state.entities[2]?.status).toBe('taking_break');
    expect(state.pending).toEqual([]);
  });
});
