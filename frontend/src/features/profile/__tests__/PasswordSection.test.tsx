import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '../../../api/accounts';
import { renderWithStore } from '../../../test/render';
import { PasswordSection } from '../components/PasswordSection';

vi.mock('../../../api/accounts', () => ({ changePassword: vi.fn() }));

async function fill(current: string, next: string, repeat = next) {
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } });
  fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
}

describe('PasswordSection', () => {
  beforeEach(() => vi.mocked(accounts.changePassword).mockReset());

  it('sends the current and the new password and closes', async () => {
    vi.mocked(accounts.changePassword).mockResolvedValue({ detail: 'Password changed. Your other devices are signed out.' });
    renderWithStore(<PasswordSection />);
    await fill('old-secret-1', 'a-fresh-passphrase-77');
    await waitFor(() =>
      expect(accounts.changePassword).toHaveBeenCalledWith({ current_password: 'old-secret-1', new_password: 'a-fresh-passphrase-77' }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });

  it('does not send passwords that differ', async () => {
    renderWithStore(<PasswordSection />);
    await fill('old-secret-1', 'a-fresh-passphrase-77', 'something-else-1');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(accounts.changePassword).not.toHaveBeenCalled();
  });
});
