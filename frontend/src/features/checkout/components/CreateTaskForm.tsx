import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Input, Select, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { createTaskProblem, positionOptions } from '../rules';
import { selectTaskForm } from '../selectors';
import { checkoutActions } from '../slice';

/**
 * Create a task from the checkout (spec 01 §2, §5): project, list, section, position 1..n+1, name.
 * The choices and the call go through the checkout's sagas (workers.ts loadTask*, createTask); the
 * form keeps only what is being chosen and typed.
 */
export function CreateTaskForm() {
  const id = useId();
  const dispatch = useAppDispatch();
  const { projects, lists, sections, saving, problem, created } = useAppSelector(selectTaskForm);
  const [project, setProject] = useState<number | null>(null);
  const [taskList, setTaskList] = useState<number | null>(null);
  const [section, setSection] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [title, setTitle] = useState('');

  useEffect(() => {
    dispatch(checkoutActions.taskFormOpened());
  }, [dispatch]);

  // A task was created: the name and the position clear (the section's counts reload in the saga).
  const seen = useRef(created);
  useEffect(() => {
    if (created === seen.current) return;
    seen.current = created;
    setTitle('');
    setPosition(null);
  }, [created]);

  // Loaded rows carry the choice they were loaded for: a new choice shows loading at once.
  const listsLoading = project !== null && (lists.key !== project || lists.loading);
  const listRows = project !== null && lists.key === project ? lists.rows : [];
  const sectionsLoading = taskList !== null && (sections.key !== taskList || sections.loading);
  // While a reload after a create runs, the previous rows of the same list stay chosen.
  const sectionRows = taskList !== null && sections.key === taskList ? sections.rows : [];

  const chosenSection = sectionRows.find((row) => row.id === section) ?? null;
  const positions = chosenSection ? positionOptions(chosenSection.task_count) : [];

  const submit = () => {
    const local = createTaskProblem({ project, taskList, section, position, title });
    dispatch(checkoutActions.taskProblemShown(local));
    if (local || project === null || taskList === null || section === null || position === null) return;
    dispatch(
      checkoutActions.taskCreateRequested({
        body: { project, task_list: taskList, section, position, title },
        sectionTitle: chosenSection?.title ?? 'the section',
      }),
    );
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
          submit();
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
              dispatch(checkoutActions.taskListsRequested(value));
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
              dispatch(checkoutActions.taskSectionsRequested(value));
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
