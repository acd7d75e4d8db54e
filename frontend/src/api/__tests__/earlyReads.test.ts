import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The axios instance the client falls back to: a recorder, so a test can tell which path answered.
const httpGet = vi.fn((url: string, _config?: unknown) => Promise.resolve({ data: { from: 'axios', url }, status: 200 }));
vi.mock('../http', () => ({ http: { get: httpGet } }));

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('early reads', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.resetModules();
    httpGet.mockClear();
    fetchMock = vi.fn((url: string) => answer({ from: 'early', url }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts nothing without a stored session', async () => {
    localStorage.clear();
    const { READS, startEarlyReads, takeEarlyRead } = await import('../earlyReads');
    startEarlyReads([READS.me]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await takeEarlyRead(READS.me)).toBeNull();
  });

  it('asks with the stored token and hands the answer over once', async () => {
    const { READS, startEarlyReads, takeEarlyRead } = await import('../earlyReads');
    startEarlyReads([READS.me, READS.currentStatus]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/accounts/me/');
    expect((init.headers as Record<string, string>).Authorization).toBe('Token tok-1');
    expect((await takeEarlyRead(READS.me))?.data).toEqual({ from: 'early', url: '/api/accounts/me/' });
    expect(await takeEarlyRead(READS.me)).toBeNull();
    expect((await takeEarlyRead(READS.currentStatus))?.status).toBe(200);
  });

  it('drops an error answer, a failed request, and an answer for a token no longer stored', async () => {
    const { READS, startEarlyReads, takeEarlyRead } = await import('../earlyReads');
    fetchMock.mockImplementationOnce(() => answer({ detail: 'Invalid token.' }, 401));
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyReads([READS.me, READS.currentStatus, READS.nextCalendarSchedule]);
    expect(await takeEarlyRead(READS.me)).toBeNull();
    expect(await takeEarlyRead(READS.currentStatus)).toBeNull();
    localStorage.setItem('token', 'tok-2');
    expect(await takeEarlyRead(READS.nextCalendarSchedule)).toBeNull();
  });

  it('drops an answer nobody took in time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { EARLY_READ_TTL_MS, READS, startEarlyReads, takeEarlyRead } = await import('../earlyReads');
    startEarlyReads([READS.me]);
    vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    expect(await takeEarlyRead(READS.me)).toBeNull();
  });

  it("is what the client's first plain GET of that URL returns; other calls go through axios", async () => {
    const { READS, startEarlyReads } = await import('../earlyReads');
    const { api } = await import('../client');
    startEarlyReads([READS.me]);
    expect((await api.get(READS.me)).data).toEqual({ from: 'early', url: '/api/accounts/me/' });
    expect(httpGet).not.toHaveBeenCalled();
    expect((await api.get(READS.me)).data).toEqual({ from: 'axios', url: '/api/accounts/me/' });
    expect((await api.get('/api/work/worktime_summary/')).data).toEqual({ from: 'axios', url: '/api/work/worktime_summary/' });
  });

  it('falls back to axios when the early answer failed, so errors keep one path', async () => {
    const { READS, startEarlyReads } = await import('../earlyReads');
    const { api } = await import('../client');
    fetchMock.mockImplementationOnce(() => answer({ detail: 'Server error' }, 500));
    startEarlyReads([READS.currentStatus]);
    expect((await api.get(READS.currentStatus)).data).toEqual({ from: 'axios', url: '/api/work/current_user_status/' });
    expect(httpGet).toHaveBeenCalledTimes(1);
  });

  it('matches a call with query parameters as axios sends them, and only a call with nothing but params', async () => {
    const { earlyReadKey, startEarlyReads } = await import('../earlyReads');
    const { api } = await import('../client');
    expect(earlyReadKey('/api/x/', { a: false, b: undefined, c: 2 })).toBe('/api/x/?a=false&c=2');
    expect(earlyReadKey('/api/x/', {})).toBe('/api/x/');
    startEarlyReads(['/api/x/?a=false', '/api/y/']);
    expect((await api.get('/api/x/', { params: { a: false } })).data).toEqual({ from: 'early', url: '/api/x/?a=false' });
    expect((await api.get('/api/y/', { headers: { 'X-Other': '1' } })).data).toEqual({ from: 'axios', url: '/api/y/' });
  });

  it("covers every read of the office's first screen, as each endpoint function asks for it", async () => {
    const { OFFICE_FIRST_READS, OFFICE_LATER_READS, OFFICE_READS, startEarlyReads } = await import('../earlyReads');
    const accounts = await import('../accounts');
    const work = await import('../work');
    const projects = await import('../projects');
    const taskTime = await import('../taskTime');
    const activities = await import('../activities');
    const notifications = await import('../notifications');
    startEarlyReads(OFFICE_FIRST_READS, OFFICE_LATER_READS);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(OFFICE_READS.length));
    // The calls the office's sagas and workers make on its first load, with their arguments.
    await Promise.all([
      accounts.fetchMe(),
      work.fetchCurrentUserStatus(),
      work.fetchNextCalendarSchedule(),
      accounts.fetchTeammates(),
      work.fetchWorktimeSummary(),
      projects.fetchProjects({ archived_yn: false }),
      projects.fetchTaskLists({ archived_yn: false }),
      projects.fetchTaskCounts(),
      taskTime.fetchTrackerState(),
      taskTime.fetchAllocatedTime(),
      activities.fetchUnreadCount(),
      notifications.fetchNotifications(),
    ]);
    expect(httpGet).not.toHaveBeenCalled();
  });

  it('starts the later reads only once the first ones have answered, and a call of one waits for it', async () => {
    const { startEarlyReads, takeEarlyRead } = await import('../earlyReads');
    let answerFirst: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
    startEarlyReads(['/api/first/'], ['/api/later/']);
    const later = takeEarlyRead('/api/later/');
    await Promise.resolve();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/first/']);
    answerFirst(new Response(JSON.stringify({ from: 'early', url: '/api/first/' }), { status: 200 }));
    expect((await later)?.data).toEqual({ from: 'early', url: '/api/later/' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/first/', '/api/later/']);
  });
});
