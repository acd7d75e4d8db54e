import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { listsActions } from '../slice';
import { SECTION_NAME_REQUIRED, SECTION_NAME_TAKEN, cleanSectionName, sectionNameError } from '../sectionRules';

const api = vi.hoisted(() => ({
  renameSection: vi.fn(),
  fetchSections: vi.fn(),
  fetchSectionTasks: vi.fn(),
}));
vi.mock('../../../api/projects', async (original) => ({ ...(await original<object>()), ...api }));
const toasts = vi.hoisted(() => ({ open: vi.fn() }));
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: {
    message: { open: toasts.open, destroy: vi.fn() },
    confirm: vi.fn(),
    info: vi.fn(),
    success: (content: string) => toasts.open({ type: 'success', content }),
    failure: (content: string) => toasts.open({ type: 'error', content }),
  },
}));

import { SectionActions } from '../components/SectionActions';
import { ManageSectionsModal } from '../components/ManageSectionsModal';
import { RenameSectionDialog } from '../components/RenameSectionDialog';

configure({ asyncUtilTimeout: 5000 });

// antd measures menus and textareas; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const section = (id: number, title: string, index: number) =>
  ({ id, title, section: title, task_list: 5, parent_list: 5, index, removed_yn: false, task_count: 2, archived_count: 0 }) as Section;
const DESIGN = section(6, 'Design', 0);
const BUILD = section(7, 'Build', 1);

function storeWithSections() {
  const store = setupStore();
  store.dispatch(listsActions.listOpened({ listId: 5, archiveView: false }));
  store.dispatch(listsActions.sectionsLoaded({ listId: 5, sections: [DESIGN, BUILD] }));
  return store;
}

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchSections.mockResolvedValue([DESIGN, BUILD]);
  api.fetchSectionTasks.mockResolvedValue({ count: 0, results: [] });
});

describe('section names', () => {
  it('are required, cleaned like the server cleans them, and do not repeat another section of the list', () => {
    expect(cleanSectionName('  Road   map ')).toBe('Road map');
    expect(sectionNameError('   ', [DESIGN, BUILD], 6)).toBe(SECTION_NAME_REQUIRED);
    expect(SECTION_NAME_REQUIRED).toBe('Enter the section name.');
    expect(sectionNameError(' build ', [DESIGN, BUILD], 6)).toBe(SECTION_NAME_TAKEN);
    expect(sectionNameError('DESIGN', [DESIGN, BUILD], 6)).toBeNull();
    expect(sectionNameError('Layout', [DESIGN, BUILD], 6)).toBeNull();
  });
});

describe("renaming a section from its '⋮' menu", () => {
  async function openRename() {
    const store = storeWithSections();
    renderWithStore(<SectionActions section={DESIGN} isOwner />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Section menu of Design' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename section' });
    return { store, dialog, input: within(dialog).getByLabelText('Section name') };
  }

  it("says what is wrong on the spot and waits for a changed, valid name", async () => {
    const { dialog, input } = await openRename();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(input).toHaveValue('Design');
    expect(done).toBeDisabled();
    fireEvent.change(input, { target: { value: '  ' } });
    expect(within(dialog).getByText('Enter the section name.')).toBeInTheDocument();
    expect(done).toBeDisabled();
    fireEvent.change(input, { target: { value: 'build' } });
    expect(within(dialog).getByText(SECTION_NAME_TAKEN)).toBeInTheDocument();
    expect(done).toBeDisabled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(api.renameSection).not.toHaveBeenCalled();
  });

  it('Done renames it: the section takes the new name, the dialog closes and a toast says so', async () => {
    api.renameSection.mockResolvedValue({ ...DESIGN, title: 'Layout', section: 'Layout' });
    const store = storeWithSections();
    const onClose = vi.fn();
    renderWithStore(<RenameSectionDialog section={DESIGN} onClose={onClose} />, { store });
    const dialog = await screen.findByRole('dialog', { name: 'Rename section' });
    fireEvent.change(within(dialog).getByLabelText('Section name'), { target: { value: ' Layout  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(api.renameSection).toHaveBeenCalledWith(6, 'Layout'));
    await waitFor(() => expect(store.getState().lists.sections.entities[6]?.title).toBe('Layout'));
    await waitFor(() => expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Section renamed.' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("a refused name keeps the dialog open with the server's message", async () => {
    api.renameSection.mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 400, data: { title: ['Ensure this field has no more than 120 characters.'] } } });
    const { store, dialog, input } = await openRename();
    fireEvent.change(input, { target: { value: 'Layout' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(dialog).findByText('Ensure this field has no more than 120 characters.')).toBeInTheDocument();
    expect(store.getState().lists.sections.entities[6]?.title).toBe('Design');
    expect(toasts.open).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('is offered to owners only', () => {
    renderWithStore(<SectionActions section={DESIGN} isOwner={false} />, { store: storeWithSections() });
    fireEvent.click(screen.getByRole('button', { name: 'Section menu of Design' }));
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
  });
});

describe('renaming a section in Manage sections', () => {
  it("each row's Rename opens the dialog for that section", async () => {
    api.renameSection.mockResolvedValue({ ...BUILD, title: 'Ship', section: 'Ship' });
    const store = storeWithSections();
    renderWithStore(<ManageSectionsModal open onClose={() => {}} onAdd={() => {}} />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Build' }));
    // (antd names every dialog's title 'test-id' under test: the inner dialog is found by its field.)
    const input = await screen.findByLabelText('Section name');
    expect(input).toHaveValue('Build');
    fireEvent.change(input, { target: { value: 'Ship' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.renameSection).toHaveBeenCalledWith(7, 'Ship'));
    expect(await screen.findByRole('row', { name: 'Ship' })).toBeInTheDocument();
  });
});
