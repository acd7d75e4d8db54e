import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithStore } from '../../../test/render';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import * as integrations from '../../../api/integrations';
import type { IntegrationSettings } from '../../../api/types';
import { IntegrationSection } from '../components/IntegrationSection';
import { trackerConfig } from '../integrations';

vi.mock('../../../api/integrations');

// antd's Select measures its list; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const idle = { configured: false, last_import_at: null, last_failure_at: null, failed: false, last_error: '' };
const settings: IntegrationSettings = {
  external_calendar_config_json: { url: 'https://calendar.example.org/me.ics' },
  external_tracker_config_json: null,
  time_tracker: null,
  calendar: { ...idle, configured: true, last_import_at: '2026-11-24T08:00:00Z' },
  tracker: idle,
};

function badGateway(detail: string) {
  const headers = new AxiosHeaders();
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', { headers }, null, {
    status: 502,
    statusText: 'Bad Gateway',
    headers: {},
    config: { headers },
    data: { detail },
  });
}

describe('the Integration section', () => {
  it('shows the saved calendar, tests a tracker and reports the provider’s own error', async () => {
    vi.mocked(integrations.fetchIntegrations).mockResolvedValue(settings);
    vi.mocked(integrations.testIntegration).mockRejectedValueOnce(badGateway('The tracker answered 403: Incorrect username and/or password'));
    renderWithStore(<IntegrationSection />);
    expect(await screen.findByDisplayValue('https://calendar.example.org/me.ics')).toBeTruthy();
    expect(screen.getByText(/Last import at/)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Time tracker' }));
    fireEvent.click(await screen.findByText('Toggl Track'));
    fireEvent.change(await screen.findByLabelText('Toggl Track API token'), { target: { value: 'secret-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test tracker connection' }));
    await waitFor(() =>
      expect(screen.getByTestId('integration-tracker-result').textContent).toContain('Incorrect username and/or password'),
    );
    expect(integrations.testIntegration).toHaveBeenCalledWith({ kind: 'tracker', config: { provider: 'toggl', api_token: 'secret-token' } });

    vi.mocked(integrations.testIntegration).mockResolvedValueOnce({ ok: true, message: 'The calendar was read: 20 sessions in the next 14 days.' });
    fireEvent.click(screen.getByRole('button', { name: 'Test calendar connection' }));
    await waitFor(() => expect(screen.getByTestId('integration-calendar-result').textContent).toContain('20 sessions'));
  });

  it('builds each provider’s configuration', () => {
    const base = { calendarUrl: '', secret: ' k ', workspaceId: '', baseUrl: '' };
    expect(trackerConfig({ ...base, provider: '' })).toBeNull();
    expect(trackerConfig({ ...base, provider: 'builtin' })).toEqual({ provider: 'builtin' });
    expect(trackerConfig({ ...base, provider: 'clockify', workspaceId: 'ws1' })).toEqual({ provider: 'clockify', api_key: 'k', workspace_id: 'ws1' });
  });
});
