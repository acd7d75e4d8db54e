import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Runs the project's own eslint.config.js on probe files placed in each layer, so the layer graph
// of docs/architecture.md is shown to fail lint, not only to pass it. Imports resolve against the
// real files under src/.
const cwd = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('layer graph (eslint-plugin-boundaries)', () => {
  it('fails a feature that imports another feature', async () => {
    const errors = await layerErrors('src/features/lists/probe.ts', "import { tasksActions } from '../tasks/slice';\nvoid tasksActions;");
    expect(errors).toHaveLength(1);
  });

  it('fails a feature component that imports another feature', async () => {
    const errors = await layerErrors(
      'src/features/projects/components/Probe.tsx',
      "import { TaskCard } from '../../tasks/components/TaskCard';\nvoid TaskCard;",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a feature import itself, shared and api', async () => {
    const errors = await layerErrors(
      'src/features/lists/probe.ts',
      [
        "import { listsActions } from './slice';",
        "import { handleApiError } from '../../shared/errors/handleApiError';",
        "import { fetchMe } from '../../api/accounts';",
        'void listsActions; void handleApiError; void fetchMe;',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets a feature import the store types only as types', async () => {
    expect(await layerErrors('src/features/lists/probe.ts', "import type { RootState } from '../../app/store';\nexport type S = RootState;")).toEqual([]);
    expect(await layerErrors('src/features/lists/probe.ts', "import { setupStore } from '../../app/store';\nvoid setupStore;")).toHaveLength(1);
    expect(await layerErrors('src/features/lists/probe.ts', "import { featureLinksSaga } from '../../app/featureLinks';\nvoid featureLinksSaga;")).toHaveLength(1);
  });

  it('fails shared code that imports a feature, and api code that imports shared', async () => {
    expect(await layerErrors('src/shared/probe.ts', "import { tasksActions } from '../features/tasks/slice';\nvoid tasksActions;")).toHaveLength(1);
    expect(await layerErrors('src/api/probe.ts', "import { paths } from '../shared/routes';\nvoid paths;")).toHaveLength(1);
  });

  it('fails a feature test that imports another feature, but lets it build the store', async () => {
    const file = 'src/features/lists/__tests__/probe.test.ts';
    expect(await layerErrors(file, "import { tasksActions } from '../../tasks/slice';\nvoid tasksActions;")).toHaveLength(1);
    expect(await layerErrors(file, "import { setupStore } from '../../../app/store';\nvoid setupStore;")).toEqual([]);
  });

  it('lets the app layer compose features', async () => {
    const errors = await layerErrors(
      'src/app/pages/Probe.tsx',
      "import { TaskCard } from '../../features/tasks/components/TaskCard';\nimport { ProjectTree } from '../../features/projects/components/ProjectTree';\nvoid TaskCard; void ProjectTree;",
    );
    expect(errors).toEqual([]);
  });
});
