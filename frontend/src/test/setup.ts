import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeImmediates, waitingImmediates } from './immediates';

// How long findBy / waitFor wait for the UI before failing (Testing Library's default is 1 s). A
// form's validation and a lazy component settle in milliseconds on an idle machine, but CI shares
// its cores: at a load of 15 on 2 cores the wizard's 'Email is required.' took longer than 1 s.
// The tests assert what appears, never how fast (speed is measured in bench/).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// React's scheduler runs the work an unmount leaves (in Node, on setImmediate, one slice after
// another while work remains) after the test's own code: let it finish before the file's
// environment is torn down, or its next slice finds no `window`. A fixed number of turns was not
// always enough on a loaded CI machine; this waits until no callback is queued, then drops what a
// later timer would schedule (immediates.ts).
afterAll(async () => {
  const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  for (let turns = 0; turns < 2000 && waitingImmediates() > 0; turns += 1) await turn();
  await turn();
  closeImmediates();
});

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Lets React's act() know it runs in a test (Testing Library sets it only inside its own helpers).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom does not implement pseudo-element styles, which antd's modal asks for.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
