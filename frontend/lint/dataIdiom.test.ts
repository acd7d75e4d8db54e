import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The one data idiom (docs/architecture.md, "The SPA's data"): only sagas and their workers call
// the server. Runs the project's eslint.config.js on probe files, so the rule is shown to fail lint.
const cwd = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd });
const RULE = '@typescript-eslint/no-restricted-imports';

async function idiomErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE).length;
}

describe('components and hooks never call the server', () => {
  it('fails a component, a hook, a slice and a page that import an API call or the client', async () => {
    expect(await idiomErrors('src/features/lists/components/Probe.tsx', "import { fetchMe } from '../../../api/accounts';\nvoid fetchMe;")).toBe(1);
    expect(await idiomErrors('src/features/lists/useProbe.ts', "import { api } from '../../api/http';\nvoid api;")).toBe(1);
    expect(await idiomErrors('src/features/lists/slice.ts', "import { toApiFailure } from '../../api/client';\nvoid toApiFailure;")).toBe(1);
    expect(await idiomErrors('src/app/pages/Probe.tsx', "import { fetchTeamPage } from '../../api/workspace';\nvoid fetchTeamPage;")).toBe(1);
  });

  it('lets them take types, the stored session and the generated event names', async () => {
    const code = [
      "import type { ProfileChanges } from '../../../api/accounts';",
      "import { type TaskFlag } from '../../../api/projects';",
      "import type { Member } from '../../../api/types';",
      "import { readStoredSession } from '../../../api/storage';",
      "import { LIVE_EVENT_NAMES } from '../../../api/events.gen';",
      'export type T = ProfileChanges | TaskFlag | Member;',
      'void readStoredSession; void LIVE_EVENT_NAMES;',
    ].join('\n');
    expect(await idiomErrors('src/features/lists/components/Probe.tsx', code)).toBe(0);
  });

  it('lets sagas and their workers make the calls', async () => {
    expect(await idiomErrors('src/features/lists/sagas.ts', "import { fetchMe } from '../../api/accounts';\nvoid fetchMe;")).toBe(0);
    expect(await idiomErrors('src/features/lists/workers.ts', "import { fetchMe } from '../../api/accounts';\nvoid fetchMe;")).toBe(0);
    expect(await idiomErrors('src/features/profile/integrationWorkers.ts', "import { fetchMe } from '../../api/accounts';\nvoid fetchMe;")).toBe(0);
  });
});
