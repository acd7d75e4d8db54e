import { describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/integrations';
import type { IntegrationSettings } from '../../../api/types';
import { errorsActions } from '../../../shared/errors/slice';
import { loadIntegration, testConnection } from '../integrationWorkers';
import { profileActions } from '../slice';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/integrations');

function httpError(status: number, detail: string) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data: { detail } } });
}

describe('the Integration section', () => {
  it('loads the settings', async () => {
    const settings = { external_calendar_config_json: null } as IntegrationSettings;
    vi.mocked(api.fetchIntegrations).mockResolvedValue(settings);
    expect(await dispatchedBy(loadIntegration)).toEqual([profileActions.integrationLoaded(settings)]);
  });

  it('a refusal (4xx) is said on the section, with no banner', async () => {
    vi.mocked(api.fetchIntegrations).mockRejectedValue(httpError(403, 'Not yours.'));
    expect(await dispatchedBy(loadIntegration)).toEqual([profileActions.integrationLoadFailed('Not yours.')]);
  });

  it('a server failure (5xx) reaches the banner too', async () => {
    vi.mocked(api.fetchIntegrations).mockRejectedValue(httpError(503, 'Down for a moment.'));
    const dispatched = await dispatchedBy(loadIntegration);
    expect(dispatched).toEqual([
      errorsActions.errorRecorded({ title: 'GET integrations error', message: 'Down for a moment.' }),
      profileActions.integrationLoadFailed('Down for a moment.'),
    ]);
  });

  it('Test connection shows the provider’s answer either way', async () => {
    vi.mocked(api.testIntegration).mockRejectedValueOnce(httpError(502, 'The tracker answered 403'));
    const action = profileActions.integrationTestRequested({ kind: 'tracker', config: { provider: 'toggl' } });
    expect(await dispatchedBy(testConnection, action)).toEqual([profileActions.integrationTested({ kind: 'tracker', ok: false, text: 'The tracker answered 403' })]);
  });
});
