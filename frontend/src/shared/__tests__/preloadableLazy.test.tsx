import { describe, expect, it } from 'vitest';
import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadableLazy } from '../preloadableLazy';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

function deferred() {
  let resolve: (module: { default: typeof Counter }) => void = () => {};
  const promise = new Promise<{ default: typeof Counter }>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('preloadableLazy', () => {
  it('renders at once, without the fallback, once its chunk has been fetched', async () => {
    const { Component, preload } = preloadableLazy(() => Promise.resolve({ default: Counter }));
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component label="Ready" />
      </Suspense>,
    );
    // No await: the first commit already holds the component.
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy before that, and keeps its state when its chunk arrives', async () => {
    const chunk = deferred();
    let loads = 0;
    const { Component, preload } = preloadableLazy(() => {
      loads += 1;
      return chunk.promise;
    });
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Component label="Late" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => chunk.resolve({ default: Counter }));
    await userEvent.click(await screen.findByRole('button', { name: 'Late 0' }));
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Component label="Late" />
      </Suspense>,
    );
    // Still the same instance (not remounted as the directly rendered type): the count survives.
    expect(screen.getByRole('button', { name: 'Late 1' })).toBeInTheDocument();
    await preload();
    expect(loads).toBe(1);
  });
});
