import { describe, expect, it } from 'vitest';
import { orderTeammates } from '../ordering';
import { teammatesActions, teammatesReducer } from '../slice';
import type { Teammate } from '../../../api/types';
import { teammateRow } from '../../../test/teammates';

const mate = (display_name: string, fields: Partial<Teammate> = {}) => teammateRow(display_name.length, display_name, fields);

const names = (list: Teammate[]) => orderTeammates(list).map((t) => t.display_name);

describe('teammates order (spec 02 §2)', () => {
  it('puts you first, then pinned, then the others, whatever the status', () => {
    const list = [
      mate('Zed', { status: 'working' }),
      mate('Pia', { pinned_yn: true }),
      mate('Me', { is_self: true }),
    ];
    expect(names(list)).toEqual(['Me', 'Pia', 'Zed']);
  });

  it('orders each group by status, then by display name without regard to case', () => {
    const list = [
      mate('dora'),
      mate('Carl', { status: 'taking_break' }),
      mate('bea', { status: 'working' }),
      mate('Abe'),
      mate('Ann', { status: 'taking_break' }),
      mate('Bob', { status: 'working', pinned_yn: true }),
      mate('Al', { pinned_yn: true }),
    ];
    expect(names(list)).toEqual(['Bob', 'Al', 'bea', 'Ann', 'Carl', 'Abe', 'dora']);
  });

  it('does not reorder the list it was given', () => {
    const list = [mate('B'), mate('A')];
    orderTeammates(list);
    expect(list.map((t) => t.display_name)).toEqual(['B', 'A']);
  });
});

describe('pins', () => {
  it('are shown at once and rolled back on failure', () => {
    const loaded = teammatesReducer(undefined, teammatesActions.listLoaded([mate('Ben', { user: 2 })]));
    const pinned = teammatesReducer(loaded, teammatesActions.pinToggled({ user: 2, pinned: true }));
    expect(pinned.entities[2]?.pinned_yn).toBe(true);
    expect(teammatesReducer(pinned, teammatesActions.pinFailed({ user: 2, pinned: true })).entities[2]?.pinned_yn).toBe(false);
  });
});
