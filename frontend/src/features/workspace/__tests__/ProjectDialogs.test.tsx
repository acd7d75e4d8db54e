import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ deleteProject: vi.fn(), updateProject: vi.fn() }));
vi.mock('../../../api/workspaceProjects', () => api);
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { ArchiveProjectDialog, DeleteProjectDialog } from '../components/ProjectDialogs';

const project = (archived: boolean) => ({ id: 7, title: 'Apollo', archived_yn: archived }) as Project;

beforeEach(() => {
  api.deleteProject.mockReset().mockResolvedValue(undefined);
  api.updateProject.mockReset().mockResolvedValue({});
});

describe('the delete dialog', () => {
  it('deletes only with the exact phrase and the checkbox ticked', async () => {
    const onDone = vi.fn();
    renderWithStore(<DeleteProjectDialog project={project(true)} onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete project' });
    const button = within(dialog).getByRole('button', { name: 'Delete forever' });
    const phrase = within(dialog).getByLabelText(/Type DELETE PROJECT FOREVER/);
    fireEvent.change(phrase, { target: { value: 'delete project forever' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(button).toBeDisabled();
    fireEvent.change(phrase, { target: { value: 'DELETE PROJECT FOREVER' } });
    expect(button).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(button).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.deleteProject).toHaveBeenCalledWith(7);
  });
});

describe('the archive dialog', () => {
  it('archives only once the warning is understood', async () => {
    const onDone = vi.fn();
    renderWithStore(<ArchiveProjectDialog project={project(false)} onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Archive project' });
    expect(within(dialog).getByText('All members of Apollo will lose access to it.')).toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: 'Archive' });
    expect(button).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.updateProject).toHaveBeenCalledWith(7, { archived_yn: true });
  });

  it('unarchives without a checkbox', async () => {
    renderWithStore(<ArchiveProjectDialog project={project(true)} onClose={vi.fn()} onDone={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Unarchive project' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(api.updateProject).toHaveBeenCalledWith(7, { archived_yn: false }));
  });
});
