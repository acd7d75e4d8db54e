import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WorkspaceSettings } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ fetchWorkspaceSettings: vi.fn(), updateWorkspaceSettings: vi.fn() }));
vi.mock('../../../api/workspace', async (original) => ({ ...(await original<object>()), ...api }));
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { feedback } from '../../../shared/feedback';
import { GuardianSetting } from '../components/GuardianSetting';

const settings: WorkspaceSettings = {
  name: 'Acme',
  require_two_factor: false,
  presence_idle_minutes: 10,
  guardian_policy: 'propose',
  guardian_overrun_minutes: 60,
  guardian_quiet_minutes: 60,
  guardian_answer_minutes: 30,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchWorkspaceSettings.mockReset().mockResolvedValue(settings);
  api.updateWorkspaceSettings.mockReset().mockImplementation(async (body: Partial<WorkspaceSettings>) => ({ ...settings, ...body }));
});

describe("the shift guardian's workspace settings", () => {
  it('shows the saved values and saves a change of the time to answer', async () => {
    renderWithStore(<GuardianSetting />);
    const answer = await screen.findByRole('spinbutton', { name: 'Time to answer (minutes)' });
    await waitFor(() => expect(answer).toHaveValue('30'));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // nothing changed yet

    fireEvent.change(answer, { target: { value: '2' } }); // below the 5 minutes allowed
    await waitFor(() => expect(save).toBeDisabled());
    fireEvent.change(answer, { target: { value: '15' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() =>
      expect(api.updateWorkspaceSettings).toHaveBeenCalledWith({
        guardian_policy: 'propose',
        guardian_overrun_minutes: 60,
        guardian_quiet_minutes: 60,
        guardian_answer_minutes: 15,
      }),
    );
    expect(feedback.success).toHaveBeenCalledWith('Workspace settings saved.');
  });

  it("turns the guardian off ('Do not ask') and back on with the choice made before", async () => {
    api.fetchWorkspaceSettings.mockResolvedValue({ ...settings, guardian_policy: 'apply' });
    renderWithStore(<GuardianSetting />);
    const ask = await screen.findByRole('switch', { name: "Ask 'Still working?'" });
    await waitFor(() => expect(ask).toBeEnabled());
    expect(ask).toBeChecked();
    fireEvent.click(ask);
    await waitFor(() => expect(ask).not.toBeChecked());
    expect(screen.getByRole('combobox', { name: 'Without an answer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateWorkspaceSettings).toHaveBeenCalledWith({
        guardian_policy: 'off',
        guardian_overrun_minutes: 60,
        guardian_quiet_minutes: 60,
        guardian_answer_minutes: 30,
      }),
    );
    await waitFor(() => expect(ask).toBeEnabled());
    fireEvent.click(ask);
    await waitFor(() => expect(ask).toBeChecked());
    // (antd's spinner leaves in an animation jsdom never ends: its label stays in the name)
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    await waitFor(() =>
      expect(api.updateWorkspaceSettings).toHaveBeenLastCalledWith(expect.objectContaining({ guardian_policy: 'apply' })),
    );
  });
});
