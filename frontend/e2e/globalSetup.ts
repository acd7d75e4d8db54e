import { request, type FullConfig } from '@playwright/test';
import { setGuardianPolicy } from './helpers';

/**
 * Before any spec: the demo workspace's shift guardian is off ('Do not ask', docs/guardian.md). The
 * e2e server runs the guardian in seconds (Makefile, E2E_PRESENCE); with it on, every member a
 * long spec leaves idle in the office would be asked 'Still working?', and the dialog would cover
 * their pages in later specs. guardian.spec.ts turns it on for its own story and off again.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0].use.baseURL;
  const api = await request.newContext({ baseURL });
  try {
    await setGuardianPolicy(api, 'off');
  } finally {
    await api.dispose();
  }
}
