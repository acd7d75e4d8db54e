import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { sessionActions } from '../../../shared/session';
import { renderWithStore } from '../../../test/render';
import { EditProfileModal } from '../components/EditProfileModal';
import { profileActions } from '../slice';

const api = vi.hoisted(() => ({ updateProfile: vi.fn() }));
vi.mock('../../../api/accounts', async (original) => ({ ...(await original<object>()), updateProfile: api.updateProfile }));

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const user = {
  id: 3,
  email: 'cy@example.com',
  full_name: 'Cy Tanaka',
  display_name: 'Cy',
  what_i_do: 'Designer',
  country: '',
  city: '',
  timezone: 'UTC',
  avatar: null,
  first_day_of_week: '',
  workspace_first_day_of_week: 'saturday',
  clock_format: '24h',
  duration_format: 'hm',
} as unknown as UserDetails;

describe("Edit Profile's Preferences", () => {
  it('names the workspace default and saves the clock and durations chosen', async () => {
    api.updateProfile.mockImplementation(async (changes: { fields: object }) => ({ ...user, ...changes.fields }));
    const store = setupStore();
    store.dispatch(sessionActions.sessionStarted(user));
    store.dispatch(profileActions.editorOpened());
    renderWithStore(<EditProfileModal user={user} />, { store });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Workspace default (Saturday)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('12-hour (1:30 PM)'));
    fireEvent.click(within(dialog).getByText('Decimal (1.50h)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateProfile).toHaveBeenCalledWith({ fields: { clock_format: '12h', duration_format: 'decimal' } }));
    await waitFor(() => expect(store.getState().auth.user?.duration_format).toBe('decimal'));
  });
});
