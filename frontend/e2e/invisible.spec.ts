import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADA, BEN, apiToken, enterOffice, leaveOfficeAs } from './helpers';

async function makeAdaVisible(request: APIRequestContext) {
  const token = await apiToken(request, ADA);
  const answer = await request.post('/api/work/invisible_mode/', {
    data: { enabled: false },
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.status()).toBe(200);
}

test.beforeEach(async ({ request }) => {
  await makeAdaVisible(request);
  for (const user of [ADA, BEN]) await leaveOfficeAs(request, user);
});

test.afterEach(async ({ request }) => {
  await makeAdaVisible(request);
  for (const user of [ADA, BEN]) await leaveOfficeAs(request, user);
});

test('invisible mode hides a working member from teammates live, and back', async ({ browser }) => {
  test.setTimeout(60_000);
  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  try {
    const ada = await adaContext.newPage();
    const ben = await benContext.newPage();
    await enterOffice(ada, ADA);
    await enterOffice(ben, BEN);
    const adaOnBensStrip = ben.getByRole('button', { name: /^Ada: / });
    await expect(adaOnBensStrip).toHaveAttribute('data-status', 'working', { timeout: 10_000 });

    // Ada switches invisible mode on from her avatar menu: she keeps working...
    const openAdasMenu = () => ada.locator('header').getByText('AL', { exact: true }).click();
    await openAdasMenu();
    await ada.getByText('Invisible mode').click();
    // ...while Ben sees her out of the office, without reloading.
    await expect(adaOnBensStrip).toHaveAttribute('data-status', 'out_of_office', { timeout: 10_000 });
    await expect(ada.getByTestId('status-tag')).toHaveText('Working');
    await openAdasMenu();
    await expect(ada.getByRole('switch', { name: 'Invisible mode' })).toBeChecked();

    await ada.getByText('Invisible mode').click();
    await expect(adaOnBensStrip).toHaveAttribute('data-status', 'working', { timeout: 10_000 });
    await openAdasMenu();
    await expect(ada.getByRole('switch', { name: 'Invisible mode' })).not.toBeChecked();
  } finally {
    await adaContext.close();
    await benContext.close();
  }
});
