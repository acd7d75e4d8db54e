import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ createMember: vi.fn() }));
vi.mock('../../../api/workspace', () => api);
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { AddMemberWizard } from '../components/AddMemberWizard';

// antd's Select (team page owners) and Steps measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ada = { id: 1, display_name: 'Ada', email: 'ada@example.com' } as Member;

beforeEach(() => {
  api.createMember.mockReset().mockResolvedValue({ member: { email: 'dee@example.com', display_name: 'Dee' }, set_password_link: 'http://x/accept-invitation/t' });
});

/** A dialog by its text: antd names every dialog "test-id" under test, so names collide. */
async function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((dialog) => within(dialog).queryByText(text) && !within(dialog).queryByText('Add new member'));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });
}

function open() {
  const onAdded = vi.fn();
  renderWithStore(<AddMemberWizard open adminId={1} people={[ada]} onClose={vi.fn()} onAdded={onAdded} />);
  return { dialog: screen.getByRole('dialog', { name: 'Add new member' }), onAdded };
}

describe('the add new member wizard', () => {
  it('asks for the email first, with the invitation on by default', async () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('checkbox', { name: 'Send email invitation' })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Email is required.')).toBeInTheDocument();
    expect(api.createMember).not.toHaveBeenCalled();
  });

  it('walks Account, Profile, Settings and sends the invitation', async () => {
    const { dialog, onAdded } = open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('button', { name: 'Back' });
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Dee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(api.createMember).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'dee@example.com', display_name: 'Dee', workspace_user_type: 'MEMBER', team_page_owner_ids: [1], send_invitation: true }),
    );
  });

  it('asks before adding without an invitation', async () => {
    const { dialog, onAdded } = open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send email invitation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    const confirm = await dialogWith('Add without sending invitation?');
    expect(api.createMember).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add without invitation' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(api.createMember).toHaveBeenCalledWith(expect.objectContaining({ send_invitation: false }));
  });

  it('requires the tracker configuration when the external tracker is on', async () => {
    const { dialog } = open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('button', { name: 'Back' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'External Tracker' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText("Add the external tracker configuration or turn off 'External Tracker'")).toBeInTheDocument();
    expect(api.createMember).not.toHaveBeenCalled();
  });

  it('keeps the change-email dialog’s Save disabled while the field is empty', async () => {
    const { dialog } = open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Change email' }));
    const change = await dialogWith('Change email');
    const input = within(change).getByLabelText('Email');
    fireEvent.change(input, { target: { value: '  ' } });
    expect(within(change).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'dee2@example.com' } });
    fireEvent.click(within(change).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('dee2@example.com')).toBeInTheDocument();
  });
});
