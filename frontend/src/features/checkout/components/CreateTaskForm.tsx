import { useEffect, useId, useState } from 'react';
import { Alert, Button, Input, Select, Typography } from 'antd';
import { createCheckoutTask, type CreatedTask } from '../../../api/checkout';
import { toApiFailure } from '../../../api/client';
import { fetchProjects, fetchSections, fetchTaskLists } from '../../../api/projects';
import type { Project, Section, TaskList } from '../../../api/types';
import { feedback, failureText } from '../../../shared/feedback';
import { createTaskProblem, positionOptions } from '../rules';

interface Props {
  onCreated?: (task: CreatedTask) => void;
}

type Loadable<T> = { key: number | string | null; rows: T[]; loading: boolean };

/** Create a task from the checkout (spec 01 §2, §5): project, list, section, position 1..n+1, name. */
export function CreateTaskForm({ onCreated }: Props) {
  const id = useId();
  const [projects, setProjects] = useState<Loadable<Project>>({ key: null, rows: [], loading: true });
  const [lists, setLists] = useState<Loadable<TaskList>>({ key: null, rows: [], loading: false });
  const [sections, setSections] = useState<Loadable<Section>>({ key: null, rows: [], loading: false });
  const [project, setProject] = useState<number | null>(null);
  const [taskList, setTaskList] = useState<number | null>(null);
  const [section, setSection] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchProjects()
      .then((rows) => live && setProjects({ key: null, rows: rows.filter((row) => !row.archived_yn), loading: false }))
      .catch((error: unknown) => {
        if (!live) return;
        setProjects({ key: null, rows: [], loading: false });
        feedback.failure(failureText(error, 'The projects could not be loaded.'));
      });
    return () => {
      live = false;
    };
  }, []);

  // Loaded rows carry the key they were loaded for: a new choice shows loading at once.
  useEffect(() => {
    if (project === null) return;
    let live = true;
    fetchTaskLists({ parent_project: project })
      .then((rows) => live && setLists({ key: project, rows: rows.filter((row) => !row.archived_yn), loading: false }))
      .catch((error: unknown) => {
        if (!live) return;
        setLists({ key: project, rows: [], loading: false });
        feedback.failure(failureText(error, 'The lists could not be loaded.'));
      });
    return () => {
      live = false;
    };
  }, [project]);

  const [sectionsVersion, setSectionsVersion] = useState(0);
  const sectionsKey = taskList === null ? null : `${taskList}|${sectionsVersion}`;
  useEffect(() => {
    if (taskList === null || sectionsKey === null) return;
    let live = true;
    fetchSections(taskList)
      .then((rows) => live && setSections({ key: sectionsKey, rows: rows.filter((row) => !row.removed_yn), loading: false }))
      .catch((error: unknown) => {
        if (!live) return;
        setSections({ key: sectionsKey, rows: [], loading: false });
        feedback.failure(failureText(error, 'The sections could not be loaded.'));
      });
    return () => {
      live = false;
    };
  }, [taskList, sectionsKey]);
  const listsLoading = project !== null && lists.key !== project;
  const listRows = project !== null && lists.key === project ? lists.rows : [];
  const sectionsLoading = sectionsKey !== null && sections.key !== sectionsKey;
  // While a reload after a create runs, the previous rows of the same list stay chosen.
  const sectionRows = taskList !== null && String(sections.key).startsWith(`${taskList}|`) ? sections.rows : [];

  const chosenSection = sectionRows.find((row) => row.id === section) ?? null;
  const positions = chosenSection ? positionOptions(chosenSection.task_count) : [];

  const submit = async () => {
    const local = createTaskProblem({ project, taskList, section, position, title });
    setProblem(local);
    if (local || project === null || taskList === null || section === null || position === null) return;
    setSaving(true);
    try {
      const task = await createCheckoutTask({ project, task_list: taskList, section, position, title });
      feedback.success(`Task '${task.title}' created in ${chosenSection?.title ?? 'the section'} at position ${position}.`);
      setTitle('');
      setPosition(null);
      setSectionsVersion((version) => version + 1); // n grows: the positions offered follow
      onCreated?.(task);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.status === 400 || failure.status === 404) {
        setProblem(failureText(error, 'The task could not be created.'));
      } else {
        feedback.failure(failureText(error, 'Add task record error'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="checkout__create" data-testid="checkout-create-task" aria-labelledby={`${id}-title`}>
      <Typography.Title level={4} id={`${id}-title`}>
        Create task
      </Typography.Title>
      <form
        className="checkout__create-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="checkout__field">
          <span aria-hidden>Project</span>
          <Select<number>
            aria-label="Project"
            placeholder="All projects"
            value={project ?? undefined}
            loading={projects.loading}
            options={projects.rows.map((row) => ({ value: row.id, label: row.title }))}
            notFoundContent="No project available"
            showSearch
            optionFilterProp="label"
            onChange={(value) => {
              setProject(value);
              setTaskList(null);
              setSection(null);
              setPosition(null);
            }}
          />
        </div>
        <div className="checkout__field">
          <span aria-hidden>List</span>
          <Select<number>
            aria-label="List"
            placeholder="Choose a list"
            value={taskList ?? undefined}
            loading={listsLoading}
            options={listRows.map((row) => ({ value: row.id, label: row.title }))}
            notFoundContent={project === null ? 'No projected selected' : 'No list available'}
            showSearch
            optionFilterProp="label"
            onChange={(value) => {
              setTaskList(value);
              setSection(null);
              setPosition(null);
            }}
          />
        </div>
        <div className="checkout__field">
          <span aria-hidden>Section</span>
          <Select<number>
            aria-label="Section"
            placeholder="Choose a section"
            value={section ?? undefined}
            loading={sectionsLoading}
            options={sectionRows.map((row) => ({ value: row.id, label: row.title }))}
            notFoundContent={taskList === null ? 'No list selected' : 'No section available'}
            onChange={(value) => {
              setSection(value);
              setPosition(null);
            }}
          />
        </div>
        <div className="checkout__field checkout__field--narrow">
          <span aria-hidden>Position</span>
          <Select<number>
            aria-label="Position"
            placeholder="Position"
            value={position ?? undefined}
            options={positions.map((value) => ({ value, label: String(value) }))}
            notFoundContent="No section selected"
            onChange={setPosition}
          />
        </div>
        <div className="checkout__field checkout__field--wide">
          <span aria-hidden>Task name</span>
          <Input
            aria-label="Task name"
            value={title}
            maxLength={255}
            placeholder="Task name"
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <Button type="primary" htmlType="submit" loading={saving} className="checkout__create-submit">
          Create task
        </Button>
      </form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" data-testid="checkout-create-task-error" />}
    </section>
  );
}

export default CreateTaskForm;
